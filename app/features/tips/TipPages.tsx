/**
 * The tip's pages without JavaScript (issue 27 item 6, ADR 082): the confirmation (receiver, price, balance now and
 * after, one pay button) and the result (the new balance, or buying dollars).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FormReply } from "~/components/form/reply";
import { SpendFacts, SpendFrame } from "~/components/spend/SpendConfirm";
import { usePriceText } from "~/utils/money";
import * as ui from "~/styles/ui.css";
import type { TipConfirmData, TipResultData } from "./tip.server";

export function TipConfirmPage({ page, reply }: { page: TipConfirmData; reply: FormReply | null }) {
  const { t } = useTranslation("tips");
  const price = usePriceText();
  const dollars = (amount: number) => price({ currency: "dollar", amount });
  const quote = page.quote;
  const covered = quote !== null && quote.balanceAfter !== null;
  return (
    <SpendFrame title={page.title} refusal={page.refusal} testId="tip" reply={reply}>
      {quote && quote.amount !== null ? (
        <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="tip-confirm">
          <input type="hidden" name="target" value={page.target} />
          <input type="hidden" name="id" value={String(page.id)} />
          <input type="hidden" name="amount" value={String(quote.amount)} />
          <input type="hidden" name="key" value={page.key} />
          <SpendFacts
            facts={[
              { label: t("tips.confirm.receiver"), value: quote.receiver?.displayName ?? "", testId: "tip-receiver" },
              {
                label: t(page.target === "medium" ? "tips.confirm.for_medium" : "tips.confirm.for_profile"),
                value: dollars(quote.amount),
                testId: "tip-price",
                strong: true,
              },
              { label: t("tips.confirm.balance"), value: dollars(quote.balance), testId: "tip-balance" },
            ]}
            balanceAfter={
              covered
                ? { label: t("tips.confirm.balance_after"), value: dollars(quote.balanceAfter ?? 0), testId: "tip-balance-after" }
                : null
            }
          />
          <p className={ui.muted}>{t("tips.confirm.pending_note", { remaining: dollars(quote.remaining) })}</p>
          {covered ? (
            <div>
              <button type="submit" className={ui.button} data-testid="tip-pay">
                {t("tips.confirm.pay", { amount: dollars(quote.amount) })}
              </button>
            </div>
          ) : (
            <p data-testid="tip-insufficient">
              {t("tips.confirm.insufficient")}{" "}
              <Link className={ui.linkButton} to={page.buyPath} data-testid="tip-buy">
                {t("tips.result.buy")}
              </Link>
            </p>
          )}
        </Form>
      ) : null}
      <p>
        <Link className={ui.linkButton} to={page.back} data-testid="tip-back">
          {t("tips.confirm.back")}
        </Link>
      </p>
    </SpendFrame>
  );
}

export function TipResultPage({ page }: { page: TipResultData }) {
  const { t } = useTranslation("tips");
  const price = usePriceText();
  const dollars = (amount: number) => price({ currency: "dollar", amount });
  const tip = page.tip;
  const name = tip.receiver?.displayName ?? "";
  return (
    <main className={ui.narrow}>
      <div className={`${ui.card} ${ui.stack}`} data-testid="tip-result" data-status={tip.status}>
        <h1>{page.title}</h1>
        {tip.status === "succeeded" ? (
          <p className={ui.notice} role="status">
            {t("tips.result.succeeded", { amount: dollars(tip.amount), name, balance: dollars(tip.balance) })}
          </p>
        ) : (
          <p className={ui.alert} role="alert">
            {t("tips.result.insufficient", { balance: dollars(tip.balance) })}
          </p>
        )}
        <SpendFacts
          facts={[{ label: t("tips.result.balance"), value: dollars(tip.balance), testId: "tip-new-balance", strong: true }]}
          balanceAfter={null}
        />
        <div className={ui.row}>
          {tip.status !== "succeeded" ? (
            <Link className={ui.button} to={page.buyPath} data-testid="tip-buy">
              {t("tips.result.buy")}
            </Link>
          ) : null}
          <Link className={ui.linkButton} to={page.back} data-testid="tip-back">
            {t("tips.result.back", { name })}
          </Link>
        </div>
      </div>
    </main>
  );
}
