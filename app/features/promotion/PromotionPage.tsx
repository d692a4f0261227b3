/**
 * promotion/rise_up, the page (ADR 084): what a rise-up does, the result of the last purchase, the running rise-up or
 * the buy form (price, balance, free rise-ups left; an empty wallet links to buying dollars), the member's history.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/billing";
import type { PromotionItem } from "#server/contract/promotion";
import type { Camelize } from "~/api/camelize";
import type { PromotionOverviewData } from "~/api/promotion.server";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import { useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment, homeClockOf } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import * as css from "./promotion.css";

type Item = Camelize<PromotionItem>;

const BENEFITS = ["search_first", "top_escorts_first", "no_contact_limit"] as const;

export function PromotionPage({
  title,
  overview,
  done,
  formKey,
  reply,
}: {
  title: string;
  overview: PromotionOverviewData;
  done: Item | null;
  formKey: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("promotion");
  const lang = useLang();
  const price = usePriceText();
  const rise = overview.riseUp;
  const free = rise.plusFree && rise.freeLeft > 0;
  const covered = free || overview.balance >= rise.price.amount;
  const dollars = (amount: number) => price({ amount, currency: "dollar" });
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        {done ? <Outcome item={done} balance={dollars(overview.balance)} /> : null}
        {reply ? <FormErrors errors={allErrors(reply)} /> : null}

        <section className={`${ui.card} ${ui.stack}`}>
          <p>{t("promotion.rise_up.intro", { hours: rise.hours })}</p>
          <ul className={css.benefits}>
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{t(`promotion.rise_up.benefits.${benefit}`)}</li>
            ))}
          </ul>
          <p className={ui.muted}>{t("promotion.rise_up.fair", { hours: rise.hours })}</p>
        </section>

        <section className={`${ui.card} ${ui.stack}`} data-testid="rise-up-buy">
          <h2 className={css.heading}>{t("promotion.rise_up.buy_heading")}</h2>
          <dl className={css.facts}>
            <dt className={css.factLabel}>{t("promotion.rise_up.price")}</dt>
            <dd className={css.factValue} data-testid="rise-up-price">
              {dollars(rise.price.amount)}
            </dd>
            <dt className={css.factLabel}>{t("promotion.rise_up.balance")}</dt>
            <dd className={css.factValue} data-testid="rise-up-balance">
              {dollars(overview.balance)}
            </dd>
            {overview.canBuy ? (
              <>
                <dt className={css.factLabel}>{t("promotion.rise_up.free_label")}</dt>
                <dd className={css.factValue} data-testid="rise-up-free">
                  {rise.plusFree
                    ? t("promotion.rise_up.free_left", { count: rise.freeLeft, total: rise.freePerMonth })
                    : t("promotion.rise_up.free_with_plus", { count: rise.freePerMonth })}
                </dd>
              </>
            ) : null}
            {rise.band ? (
              <>
                <dt className={css.factLabel}>{t("promotion.rise_up.last_label")}</dt>
                <dd className={css.factValue} data-testid="rise-up-band">
                  {t(`promotion.bands.${rise.band}`)}
                </dd>
              </>
            ) : null}
          </dl>
          {!overview.canBuy ? (
            <p data-testid="rise-up-providers-only">{t("promotion.rise_up.providers_only")}</p>
          ) : !overview.listed ? (
            <p data-testid="rise-up-not-listed">{t("promotion.rise_up.not_listed")}</p>
          ) : rise.running ? (
            <p className={ui.notice} data-testid="rise-up-running">
              {t("promotion.rise_up.running", { time: homeClockOf(rise.running.endsAt ?? 0) })}
            </p>
          ) : covered ? (
            <Form method="post" className={ui.stack}>
              <input type="hidden" name="key" value={formKey} />
              <button className={ui.button} type="submit" data-testid="rise-up-submit">
                {free ? t("promotion.rise_up.submit_free") : t("promotion.rise_up.submit", { price: dollars(rise.price.amount) })}
              </button>
              <p className={ui.muted}>
                {free
                  ? t("promotion.rise_up.confirm_free", { hours: rise.hours })
                  : t("promotion.rise_up.confirm_paid", { price: dollars(rise.price.amount), hours: rise.hours })}
              </p>
            </Form>
          ) : (
            <div className={ui.stack} data-testid="rise-up-insufficient">
              <p>{t("promotion.rise_up.insufficient", { price: dollars(rise.price.amount) })}</p>
              <p>
                <Link className={ui.buttonSecondary} to={checkoutPath(lang, "dollar")}>
                  {t("promotion.buy_dollars")}
                </Link>
              </p>
            </div>
          )}
        </section>

        {overview.canBuy ? <History items={overview.history} /> : null}
      </div>
    </main>
  );
}

/** The member's promotions, newest first, with status and code. */
function History({ items }: { items: PromotionOverviewData["history"] }) {
  const { t } = useTranslation("promotion");
  const lang = useLang();
  const price = usePriceText();
  const dollars = (amount: number) => price({ amount, currency: "dollar" });
  return (
    <section className={ui.stack}>
      <h2 className={css.heading}>{t("promotion.history.heading")}</h2>
      {items.length === 0 ? (
        <p className={ui.muted} data-testid="promotion-history-empty">
          {t("promotion.history.empty")}
        </p>
      ) : (
        <ul className={ui.entryList} data-testid="promotion-history">
          {items.map((item) => (
            <li key={item.id} className={ui.entryCard}>
              <div className={css.historyRow}>
                <strong>{t(`promotion.types.${item.type}`)}</strong>
                <span className={css.status} data-status={item.status}>
                  {item.running ? t("promotion.history.running") : t(`promotion.codes.${item.code ?? "pending"}`)}
                </span>
              </div>
              <div className={ui.muted}>
                {formatHomeMoment(item.createdAt, lang)}
                {item.status === "accepted" ? ` · ${item.price > 0 ? dollars(item.price) : t("promotion.history.free")}` : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The last purchase's result, after the post's redirect. */
function Outcome({ item, balance }: { item: Item; balance: string }) {
  const { t } = useTranslation("promotion");
  const lang = useLang();
  if (item.status === "accepted")
    return (
      <p className={ui.notice} role="status" data-testid="promotion-outcome" data-status="accepted">
        {t("promotion.outcome.accepted", { time: homeClockOf(item.endsAt ?? 0), balance })}
      </p>
    );
  return (
    <div className={ui.alert} role="alert" data-testid="promotion-outcome" data-status={item.status}>
      <p className={css.flush}>{t(`promotion.outcome.${item.code ?? "pending"}`)}</p>
      {item.code === "insufficient" ? (
        <p className={css.flush}>
          <Link to={checkoutPath(lang, "dollar")}>{t("promotion.buy_dollars")}</Link>
        </p>
      ) : null}
    </div>
  );
}
