/**
 * my_bundles (spec section 2, step view_list): the creator's bundles with status, price and sales, and the actions
 * each status allows (publish, activate, deactivate, delete; edit). Phones see a grid of 2 or a list of 1, switched by
 * a link (no JavaScript) and remembered.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OwnBundle } from "#server/contract/bundles";
import { BUNDLE_MOBILE_LAYOUTS, BUNDLE_STATUS, bundlePaths, type BundleMobileLayout } from "#server/contract/creators";
import type { Language } from "#server/contract/locales";
import type { Camelize } from "~/api/camelize";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import { usePriceText } from "~/utils/money";
import { BundlePreview } from "./BundleTiles";
import * as css from "./bundles.css";

type Bundle = Camelize<OwnBundle>;

export function MyBundlesPage({
  title,
  lang,
  bundles,
  mayCreate,
  layout,
  done,
  reply,
}: {
  title: string;
  lang: Language;
  bundles: Bundle[];
  mayCreate: boolean;
  layout: BundleMobileLayout;
  done: string | null;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("bundle");
  const layouts = Object.keys(BUNDLE_MOBILE_LAYOUTS) as BundleMobileLayout[];
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        {done ? (
          <p className={ui.notice} role="status" data-testid="bundles-done">
            {t(`bundle.mine.done.${done}`)}
          </p>
        ) : null}
        {reply ? <FormErrors errors={allErrors(reply)} /> : null}
        {mayCreate ? (
          <>
            <p className={ui.muted}>{t("bundle.mine.intro")}</p>
            <p style={{ margin: 0 }}>
              <Link className={ui.button} to={bundlePaths.edit(lang)} data-testid="bundle-new">
                {t("bundle.mine.new")}
              </Link>
            </p>
          </>
        ) : (
          <p data-testid="bundles-creators-only">{t("bundle.mine.creators_only")}</p>
        )}
        {bundles.length > 0 ? (
          <nav className={css.toggle} aria-label={t("bundle.mine.layout_label")}>
            <span className={ui.muted}>{t("bundle.mine.layout_label")}</span>
            {layouts.map((name) => (
              <Link
                key={name}
                to={`?layout=${name}`}
                className={`${css.toggleLink} ${layout === name ? css.toggleActive : ""}`}
                aria-current={layout === name ? "true" : undefined}
                data-testid={`bundles-layout-${name}`}
              >
                {t(`bundle.mine.layout.${name}`, { count: BUNDLE_MOBILE_LAYOUTS[name] })}
              </Link>
            ))}
          </nav>
        ) : null}
        {bundles.length === 0 ? (
          mayCreate ? (
            <p className={ui.card} data-testid="bundles-empty">
              {t("bundle.mine.empty")}
            </p>
          ) : null
        ) : (
          <ul className={layout === "list" ? css.list : css.grid} data-testid="my-bundles" data-layout={layout}>
            {bundles.map((bundle) => (
              <OwnBundleTile key={bundle.id} bundle={bundle} lang={lang} />
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}

function OwnBundleTile({ bundle, lang }: { bundle: Bundle; lang: Language }) {
  const { t } = useTranslation("bundle");
  const { t: tModeration } = useTranslation("moderation");
  const price = usePriceText();
  const publishable = bundle.status === BUNDLE_STATUS.draft || bundle.status === BUNDLE_STATUS.rejected;
  const accepted = bundle.status === BUNDLE_STATUS.accepted;
  const action = (intent: string, label: string, secondary = true) => (
    <Form method="post" key={intent}>
      <input type="hidden" name="id" value={bundle.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`${secondary ? ui.buttonSecondary : ui.button} ${css.actionButton}`}
        data-testid={`bundle-${intent}`}
      >
        {label}
      </button>
    </Form>
  );
  return (
    <li className={css.tile} data-testid="own-bundle" data-bundle-id={bundle.id} data-status={bundle.statusName}>
      <BundlePreview bundle={bundle} />
      <h2 className={css.tileTitle}>{bundle.title}</h2>
      <span className={css.facts}>
        <span className={css.status} data-testid="bundle-status">
          {accepted && !bundle.isActive ? t("bundle.status.inactive") : t(`bundle.status.${bundle.statusName}`)}
        </span>
        <span>·</span>
        <strong>{price({ amount: bundle.price, currency: "dollar" })}</strong>
      </span>
      <span className={ui.muted}>
        {t("bundle.tile.items", { count: bundle.itemCount })} · {t("bundle.mine.sales", { count: bundle.sales })}
      </span>
      {bundle.status === BUNDLE_STATUS.rejected && bundle.rejectionReason ? (
        <p className={ui.alert} style={{ margin: 0 }} data-testid="bundle-rejection">
          {t("bundle.mine.rejected_because", { reason: tModeration(`moderation.reasons.${bundle.rejectionReason}`) })}
        </p>
      ) : null}
      {bundle.status === BUNDLE_STATUS.pending ? <p className={ui.muted}>{t("bundle.mine.pending_hint")}</p> : null}
      <div className={css.actions}>
        {publishable ? action("publish", t("bundle.actions.publish"), false) : null}
        {accepted && bundle.isActive ? action("deactivate", t("bundle.actions.deactivate")) : null}
        {accepted && !bundle.isActive ? action("activate", t("bundle.actions.activate"), false) : null}
        <Link className={`${ui.buttonSecondary} ${css.actionButton}`} to={bundlePaths.edit(lang, bundle.id)} data-testid="bundle-edit">
          {t("bundle.actions.edit")}
        </Link>
        {/* Deleting cannot be undone: a second, deliberate click (a disclosure, no JavaScript needed). */}
        <details className={css.confirm}>
          <summary className={`${ui.buttonSecondary} ${css.actionButton}`} data-testid="bundle-delete-open">
            {t("bundle.actions.delete")}
          </summary>
          <p className={ui.muted} style={{ margin: 0 }}>
            {t("bundle.mine.delete_hint")}
          </p>
          {action("delete", t("bundle.actions.delete_confirm"))}
        </details>
      </div>
    </li>
  );
}
