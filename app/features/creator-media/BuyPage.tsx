/** The buy-puzzle-medium confirmation (issue 28 item 2): preview, owner, price, balance now and after, one pay button. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import { usePriceText } from "~/utils/money";
import * as ui from "~/styles/ui.css";
import type { BuyConfirmData } from "./buy.server";
import * as css from "./creator-media.css";

export function BuyPage({ page, reply }: { page: BuyConfirmData; reply: FormReply | null }) {
  const { t } = useTranslation("creator-media");
  const price = usePriceText();
  const dollars = (amount: number) => price({ currency: "dollar", amount });
  const quote = page.quote;
  const covered = quote !== null && quote.balanceAfter !== null;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{page.title}</h1>
        {page.refusal ? (
          <p className={ui.alert} role="alert" data-testid="buy-refusal">
            {page.refusal}
          </p>
        ) : null}
        {reply ? <FormErrors errors={allErrors(reply)} /> : null}
        {quote ? (
          <div className={`${ui.card} ${ui.stack}`}>
            <img
              src={quote.preview.path}
              alt={t("creator_media.buy.preview_alt", { name: quote.owner.displayName })}
              width={quote.preview.width}
              height={quote.preview.height}
              className={css.preview}
            />
            <dl className={css.facts}>
              <dt>{t("creator_media.buy.owner")}</dt>
              <dd className={css.factValue} data-testid="buy-owner">
                {quote.owner.displayName}
              </dd>
              <dt>{t("creator_media.buy.price")}</dt>
              <dd className={css.factValue} data-testid="buy-price">
                {dollars(quote.price)}
              </dd>
              <dt>{t("creator_media.buy.balance")}</dt>
              <dd className={css.factValue} data-testid="buy-balance">
                {dollars(quote.balance)}
              </dd>
              {covered ? (
                <>
                  <dt>{t("creator_media.buy.balance_after")}</dt>
                  <dd className={css.factValue} data-testid="buy-balance-after">
                    {dollars(quote.balanceAfter ?? 0)}
                  </dd>
                </>
              ) : null}
            </dl>
            {quote.bought ? (
              <p data-testid="buy-owned">
                {t("creator_media.buy.owned")}{" "}
                <Link className={ui.linkButton} to={page.back}>
                  {t("creator_media.buy.open")}
                </Link>
              </p>
            ) : covered ? (
              <Form method="post" data-testid="buy-confirm">
                <input type="hidden" name="key" value={page.key} />
                <p className={ui.muted}>{t("creator_media.buy.note")}</p>
                <button type="submit" className={ui.button} data-testid="buy-pay">
                  {t("creator_media.buy.pay", { amount: dollars(quote.price) })}
                </button>
              </Form>
            ) : (
              <p data-testid="buy-insufficient">
                {t("creator_media.buy.insufficient")}{" "}
                <Link className={ui.linkButton} to={page.buyDollarsPath} data-testid="buy-dollars">
                  {t("creator_media.buy.buy_dollars")}
                </Link>
              </p>
            )}
          </div>
        ) : null}
        <p className={ui.row}>
          <Link className={ui.linkButton} to={page.back} data-testid="buy-back">
            {t("creator_media.buy.back")}
          </Link>
          <Link className={ui.linkButton} to={page.historyPath}>
            {t("creator_media.buy.history")}
          </Link>
        </p>
      </div>
    </main>
  );
}
