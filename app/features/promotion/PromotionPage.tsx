/**
 * promotion/{type?}, the page (ADR 084, 090): tabs for the rise-up and the promotion profile; per type what it does,
 * the result of the last purchase, the running (or waiting) one or the buy form (price, balance; an empty wallet links
 * to buying dollars), and the member's history of both.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import type { PromotionItem } from "#server/contract/promotion";
import type { PromotionType } from "#server/contract/wallet";
import type { Camelize } from "~/api/camelize";
import type { PromotionOverviewData } from "~/api/promotion.server";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import { ProfilePromotionSection } from "./ProfilePromotionSection";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment, homeClockOf } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import * as css from "./promotion.css";

type Item = Camelize<PromotionItem>;

const BENEFITS = ["search_first", "top_escorts_first", "no_contact_limit"] as const;

const TYPES: readonly PromotionType[] = ["rise_up", "profile"];

export function PromotionPage({
  type,
  title,
  overview,
  done,
  formKey,
  reply,
}: {
  type: PromotionType;
  title: string;
  overview: PromotionOverviewData;
  done: Item | null;
  formKey: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("promotion");
  const to = useLocalePath();
  const price = usePriceText();
  const dollars = (amount: number) => price({ amount, currency: "dollar" });
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <nav aria-label={t("promotion.tabs_label")}>
          <ul className={ui.tabBar}>
            {TYPES.map((tab) => (
              <li key={tab}>
                <Link className={ui.tab} to={to(`promotion/${tab}`)} aria-current={tab === type ? "page" : undefined}>
                  {t(`promotion.types.${tab}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {done ? <Outcome item={done} balance={dollars(overview.balance)} /> : null}
        {type === "profile" ? (
          <ProfilePromotionSection overview={overview} formKey={formKey} reply={reply} />
        ) : (
          <RiseUpSection overview={overview} formKey={formKey} reply={reply} />
        )}
        {overview.canBuy ? <History items={overview.history} /> : null}
      </div>
    </main>
  );
}

/** The rise-up: what it does, and its buy form or why there is none. */
function RiseUpSection({ overview, formKey, reply }: { overview: PromotionOverviewData; formKey: string; reply: FormReply | null }) {
  const { t } = useTranslation("promotion");
  const lang = useLang();
  const price = usePriceText();
  const rise = overview.riseUp;
  const free = rise.plusFree && rise.freeLeft > 0;
  const covered = free || overview.balance >= rise.price.amount;
  const dollars = (amount: number) => price({ amount, currency: "dollar" });
  return (
    <>
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
    </>
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
                {item.status === "pending" ? ` · ${dollars(item.price)}` : null}
                {item.refunded > 0 ? ` · ${t("promotion.history.refunded", { price: dollars(item.refunded) })}` : null}
              </div>
              {item.content ? <div className={css.quote}>{item.content.text}</div> : null}
              {item.type === "profile" && item.running && item.endsAt !== null ? (
                <div className={ui.muted}>{t("promotion.history.until", { date: formatHomeMoment(item.endsAt, lang) })}</div>
              ) : null}
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
  if (item.type === "profile" && item.status !== "rejected")
    return (
      <p className={ui.notice} role="status" data-testid="promotion-outcome" data-status={item.status}>
        {item.status === "pending"
          ? t("promotion.profile.outcome_pending", { balance })
          : t("promotion.profile.outcome_accepted", { date: formatHomeMoment(item.endsAt ?? 0, lang) })}
      </p>
    );
  if (item.status === "accepted")
    return (
      <p className={ui.notice} role="status" data-testid="promotion-outcome" data-status="accepted">
        {t("promotion.outcome.accepted", { time: homeClockOf(item.endsAt ?? 0), balance })}
      </p>
    );
  return (
    <div className={ui.alert} role="alert" data-testid="promotion-outcome" data-status={item.status}>
      <p className={css.flush}>
        {item.refunded > 0 ? t(`promotion.profile.rejected.${item.code ?? "content"}`) : t(`promotion.outcome.${item.code ?? "pending"}`)}
      </p>
      {item.refunded > 0 ? (
        <p className={css.flush} data-testid="promotion-refunded">
          {t("promotion.profile.outcome_refunded", { balance })}
        </p>
      ) : null}
      {item.code === "insufficient" ? (
        <p className={css.flush}>
          <Link to={checkoutPath(lang, "dollar")}>{t("promotion.buy_dollars")}</Link>
        </p>
      ) : null}
    </div>
  );
}
