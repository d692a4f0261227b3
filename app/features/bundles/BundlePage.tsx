/**
 * bundle/{id}: for a buyer the one confirmation (what it holds, the price, the balance before and after, one button;
 * a wallet that does not cover it links to buying dollars), for an owner (and the creator) the bundle's media.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import type { Language } from "#server/contract/locales";
import { walletPaths } from "#server/contract/wallet";
import type { BundleDetailData } from "~/api/bundles.server";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import * as ui from "~/styles/ui.css";
import { usePriceText } from "~/utils/money";
import { BundlePreview } from "./BundleTiles";
import * as css from "./bundles.css";

export function BundlePage({
  lang,
  detail,
  bought,
  payKey,
  signedIn,
  refused,
}: {
  lang: Language;
  detail: BundleDetailData;
  bought: boolean;
  payKey: string;
  signedIn: boolean;
  refused: (FormReply & { insufficient: boolean }) | null;
}) {
  const { t } = useTranslation("bundle");
  const price = usePriceText();
  const dollars = (amount: number) => price({ amount, currency: "dollar" });
  const { bundle, balance, media } = detail;
  const covered = balance >= bundle.price;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1 style={{ margin: 0 }}>{bundle.title}</h1>
        <p className={ui.muted} style={{ margin: 0 }}>
          {t("bundle.buy.by", { name: bundle.creator.displayName })} ·{" "}
          <Link to={`/${lang}/p/${bundle.creator.username}/bundles`}>{t("bundle.buy.more_of_creator")}</Link>
        </p>
        {bought ? (
          <p className={ui.notice} role="status" data-testid="bundle-bought">
            {t("bundle.buy.bought", { price: dollars(bundle.price), balance: dollars(balance) })}{" "}
            <Link to={walletPaths.dollar(lang)}>{t("bundle.buy.history")}</Link>
          </p>
        ) : null}
        {bundle.description ? <p style={{ margin: 0, whiteSpace: "pre-line" }}>{bundle.description}</p> : null}
        {media ? (
          <section className={ui.stack} aria-label={t("bundle.buy.media_label")}>
            <p className={ui.muted} style={{ margin: 0 }}>
              {t("bundle.tile.items", { count: media.length })}
            </p>
            <ul className={css.mediaGrid} data-testid="bundle-media">
              {media.map((medium, index) => (
                <li key={medium.id}>
                  <Picture
                    image={medium.image}
                    alt={t("bundle.edit.medium_alt", { number: index + 1 })}
                    sizes="(min-width: 768px) 280px, 50vw"
                    width={medium.image.width}
                    height={medium.image.height}
                    className={css.mediaImage}
                    priority={index < 2}
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <section className={`${ui.card} ${ui.stack}`} data-testid="bundle-confirm">
            <BundlePreview bundle={bundle} />
            <p style={{ margin: 0 }}>{t("bundle.tile.items", { count: bundle.itemCount })}</p>
            <dl className={ui.stack} style={{ margin: 0, gap: "4px" }}>
              <div className={ui.row}>
                <dt>{t("bundle.buy.price")}</dt>
                <dd style={{ margin: 0, fontWeight: 700 }} data-testid="bundle-buy-price">
                  {dollars(bundle.price)}
                </dd>
              </div>
              {signedIn ? (
                <>
                  <div className={ui.row}>
                    <dt>{t("bundle.buy.balance")}</dt>
                    <dd style={{ margin: 0 }} data-testid="bundle-buy-balance">
                      {dollars(balance)}
                    </dd>
                  </div>
                  {covered ? (
                    <div className={ui.row}>
                      <dt>{t("bundle.buy.balance_after")}</dt>
                      <dd style={{ margin: 0 }} data-testid="bundle-buy-after">
                        {dollars(balance - bundle.price)}
                      </dd>
                    </div>
                  ) : null}
                </>
              ) : null}
            </dl>
            <FormErrors errors={refused ? allErrors(refused) : []} />
            {!signedIn ? (
              <Link
                className={ui.button}
                to={`/${lang}/login?r=${encodeURIComponent(`/${lang}/bundle/${bundle.id}`)}`}
                data-testid="bundle-login"
              >
                {t("bundle.buy.login")}
              </Link>
            ) : !bundle.forSale ? (
              <p style={{ margin: 0 }} data-testid="bundle-not-for-sale">
                {t("bundle.buy.not_for_sale")}
              </p>
            ) : covered && !refused?.insufficient ? (
              <Form method="post" className={ui.stack}>
                <input type="hidden" name="key" value={payKey} />
                <button type="submit" className={ui.button} data-testid="bundle-buy-submit">
                  {t("bundle.buy.submit", { price: dollars(bundle.price) })}
                </button>
                <p className={ui.muted} style={{ margin: 0 }}>
                  {t("bundle.buy.terms")}
                </p>
              </Form>
            ) : (
              <div className={ui.stack} data-testid="bundle-insufficient">
                <p style={{ margin: 0 }}>{t("bundle.buy.insufficient", { price: dollars(bundle.price) })}</p>
                <Link
                  className={ui.buttonSecondary}
                  to={checkoutPath(lang, "dollar", undefined, `/${lang}/bundle/${bundle.id}`)}
                  data-testid="buy-dollars"
                >
                  {t("bundle.buy.buy_dollars")}
                </Link>
              </div>
            )}
          </section>
        )}
      </div>
    </main>
  );
}
