/** The profile's bundles tab, user/bundles and the back office's bundle queue (issue 28 item 1, ADR 092). */
import { StaffQueueFrame, type ItemClaim } from "~/features/backoffice/StaffQueueFrame";
import { RejectReasonField } from "~/features/backoffice/RejectReasonField";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BundleQueueItem } from "#server/contract/bundles";
import { bundlePaths } from "#server/contract/creators";
import type { Language } from "#server/contract/locales";
import { REJECTION_REASONS } from "#server/contract/moderation";
import type { BundleQueueData, OwnBundleListData, PurchasedBundlesData } from "~/api/bundles.server";
import type { Camelize } from "~/api/camelize";
import { FormErrors } from "~/components/Field";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { isLanguage, DEFAULT_LANGUAGE } from "#server/contract/locales";
import { usePriceText } from "~/utils/money";
import { BundleTileCard, type BundleTileData } from "./BundleTiles";
import * as css from "./bundles.css";

/** p/{username}/bundles: the creator's bundles for sale (blurred previews, prices), or the empty state. */
export function ProfileBundlesTab({ bundles }: { bundles: BundleTileData[] }) {
  const { t } = useTranslation("bundle");
  return (
    <section className={ui.stack} aria-label={t("bundle.profile.title")} data-testid="profile-bundles">
      {bundles.length === 0 ? (
        <p className={ui.card} data-testid="profile-bundles-empty">
          {t("bundle.profile.empty")}
        </p>
      ) : (
        <ul className={css.grid}>
          {bundles.map((bundle) => (
            <BundleTileCard key={bundle.id} bundle={bundle} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** user/bundles (settings key "bundles"): the member's own bundles (managed on my_bundles) and those they bought. */
export function SettingsBundlesPage({
  title,
  lang,
  mine,
  purchased,
}: {
  title: string;
  lang: Language;
  mine: OwnBundleListData;
  purchased: PurchasedBundlesData["items"];
}) {
  const { t } = useTranslation("bundle");
  const price = usePriceText();
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        {mine.mayCreate ? (
          <section className={`${ui.card} ${ui.stack}`} data-testid="settings-own-bundles">
            <h2 className={ui.sectionTitle} style={{ margin: 0 }}>
              {t("bundle.settings.own")}
            </h2>
            <p style={{ margin: 0 }}>{t("bundle.settings.own_count", { count: mine.items.length })}</p>
            <ul className={ui.entryList}>
              {mine.items.map((bundle) => (
                <li key={bundle.id} className={ui.entryCard}>
                  <Link to={bundlePaths.edit(lang, bundle.id)}>{bundle.title}</Link>{" "}
                  <span className={ui.muted}>
                    {t(`bundle.status.${bundle.statusName}`)} · {price({ amount: bundle.price, currency: "dollar" })}
                  </span>
                </li>
              ))}
            </ul>
            <Link className={ui.button} to={bundlePaths.mine(lang)} data-testid="settings-to-my-bundles">
              {t("bundle.settings.manage")}
            </Link>
          </section>
        ) : null}
        <section className={ui.stack} data-testid="settings-purchased-bundles">
          <h2 className={ui.sectionTitle}>{t("bundle.settings.purchased")}</h2>
          {purchased.length === 0 ? (
            <p className={ui.card} data-testid="purchased-empty">
              {t("bundle.settings.purchased_empty")}
            </p>
          ) : (
            <ul className={css.grid}>
              {purchased.map((bundle) => (
                <BundleTileCard key={bundle.id} bundle={bundle} showCreator />
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}

type QueueItem = Camelize<BundleQueueItem>;

/** backoffice/bundles: pending bundles with their media; accept, or reject with a reason of the moderation list. */
export function BackofficeBundlesPage({
  queue,
  done,
  failure,
}: {
  queue: BundleQueueData;
  done: "accepted" | "rejected" | null;
  failure: FormReply | null;
}) {
  const { i18n } = useTranslation("bundle");
  const { t: tModeration } = useTranslation("moderation");
  const price = usePriceText();
  return (
    <StaffQueueFrame
      feature="bundle"
      items={queue.items}
      done={done}
      failure={failure}
      renderItem={(item, itemFailure, claim) => (
        <QueueEntry
          key={item.id}
          item={item}
          failure={itemFailure}
          claim={claim}
          priceText={price({ amount: item.price, currency: "dollar" })}
          reasonLabel={(reason) => tModeration(`moderation.reasons.${reason}`)}
          lang={i18n.language}
        />
      )}
    />
  );
}

function QueueEntry({
  item,
  failure,
  claim,
  priceText,
  reasonLabel,
  lang,
}: {
  item: QueueItem;
  failure: FormReply | null;
  claim: ItemClaim | null;
  priceText: string;
  reasonLabel: (reason: string) => string;
  lang: string;
}) {
  const { t } = useTranslation("bundle");
  const reasonId = `reason-bundle-${item.id}`;
  return (
    <li className={`${ui.card} ${ui.stack}`} data-testid="bundle-queue-item" data-bundle-id={item.id} {...claim?.anchor}>
      {claim?.bar}
      <h2 style={{ margin: 0, fontSize: "1.1rem" }}>{item.title}</h2>
      <p className={ui.muted} style={{ margin: 0 }}>
        {item.creator.username} · {priceText} · {formatHomeMoment(item.publishedAt, isLanguage(lang) ? lang : DEFAULT_LANGUAGE)}
      </p>
      {item.description ? <p style={{ margin: 0, whiteSpace: "pre-line" }}>{item.description}</p> : null}
      <ul className={css.pickGrid}>
        {item.media.map((medium, index) => (
          <li key={medium.id}>
            <Picture
              image={medium.image}
              alt={t("bundle.edit.medium_alt", { number: index + 1 })}
              sizes="180px"
              width={180}
              height={240}
              className={css.pickImage}
            />
          </li>
        ))}
      </ul>
      {failure ? <FormErrors errors={errorsBesides(failure, ["reason"])} /> : null}
      <div className={ui.row} style={{ alignItems: "flex-start" }}>
        <Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" name="intent" value="accept" className={ui.button} data-testid="bundle-accept" data-shortcut="a">
            {t("bundle.backoffice.accept")}
          </button>
        </Form>
        <Form method="post" className={ui.stack} style={{ flex: "1 1 240px" }}>
          <input type="hidden" name="id" value={item.id} />
          <RejectReasonField
            id={reasonId}
            label={t("bundle.backoffice.reason")}
            placeholder={t("bundle.backoffice.choose_reason")}
            reasons={REJECTION_REASONS}
            reasonLabel={reasonLabel}
            failure={failure}
          />
          <button type="submit" name="intent" value="reject" className={ui.buttonSecondary} data-testid="bundle-reject">
            {t("bundle.backoffice.reject")}
          </button>
        </Form>
      </div>
    </li>
  );
}
