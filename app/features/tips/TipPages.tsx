/**
 * The tip's pages without JavaScript (issue 27 item 6, ADR 082): the confirmation (receiver, price, balance now and
 * after, one pay button) and the result (the new balance, or buying dollars).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import { usePriceText } from "~/utils/money";
import * as ui from "~/styles/ui.css";
import type { TipConfirmData, TipResultData } from "./tip.server";
import * as css from "./tips.css";

export function TipConfirmPage({ page, reply }: { page: TipConfirmData; reply: FormReply | null }) {
  const { t } = useTranslation("tips");
  const price = usePriceText();
  const dollars = (amount: number) => price({ currency: "dollar", amount });
  const quote = page.quote;
  const covered = quote !== null && quote.balanceAfter !== null;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{page.title}</h1>
        {page.refusal ? (
          <p className={ui.alert} role="alert" data-testid="tip-refusal">
            {page.refusal}
          </p>
        ) : null}
        {reply ? <FormErrors errors={allErrors(reply)} /> : null}
        {quote && quote.amount !== null ? (
          <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="tip-confirm">
            <input type="hidden" name="target" value={page.target} />
            <input type="hidden" name="id" value={String(page.id)} />
            <input type="hidden" name="amount" value={String(quote.amount)} />
            <input type="hidden" name="key" value={page.key} />
            <dl className={css.facts}>
              <dt>{t("tips.confirm.receiver")}</dt>
              <dd data-testid="tip-receiver">{quote.receiver?.displayName ?? ""}</dd>
              <dt>{t(page.target === "medium" ? "tips.confirm.for_medium" : "tips.confirm.for_profile")}</dt>
              <dd className={css.total} data-testid="tip-price">
                {dollars(quote.amount)}
              </dd>
              <dt>{t("tips.confirm.balance")}</dt>
              <dd data-testid="tip-balance">{dollars(quote.balance)}</dd>
              {covered ? (
                <>
                  <dt>{t("tips.confirm.balance_after")}</dt>
                  <dd data-testid="tip-balance-after">{dollars(quote.balanceAfter ?? 0)}</dd>
                </>
              ) : null}
            </dl>
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
      </div>
    </main>
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
        <dl className={css.facts}>
          <dt>{t("tips.result.balance")}</dt>
          <dd className={css.total} data-testid="tip-new-balance">
            {dollars(tip.balance)}
          </dd>
        </dl>
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
