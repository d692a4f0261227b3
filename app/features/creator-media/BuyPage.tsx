/** The buy-puzzle-medium confirmation (issue 28 item 2): preview, owner, price, balance now and after, one pay button. */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FormReply } from "~/components/form/reply";
import { SpendFacts, SpendFrame } from "~/components/spend/SpendConfirm";
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
    <SpendFrame title={page.title} refusal={page.refusal} testId="buy" reply={reply}>
      {quote ? (
        <div className={`${ui.card} ${ui.stack}`}>
          <img
            src={quote.preview.path}
            alt={t("creator_media.buy.preview_alt", { name: quote.owner.displayName })}
            width={quote.preview.width}
            height={quote.preview.height}
            className={css.preview}
          />
          <SpendFacts
            facts={[
              { label: t("creator_media.buy.owner"), value: quote.owner.displayName, testId: "buy-owner" },
              { label: t("creator_media.buy.price"), value: dollars(quote.price), testId: "buy-price", strong: true },
              { label: t("creator_media.buy.balance"), value: dollars(quote.balance), testId: "buy-balance" },
            ]}
            balanceAfter={
              covered
                ? { label: t("creator_media.buy.balance_after"), value: dollars(quote.balanceAfter ?? 0), testId: "buy-balance-after" }
                : null
            }
          />
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
    </SpendFrame>
  );
}
