/**
 * user/dollar, the page (issue 27 items 2 and 6, ADR 081): the spec's dollar menu (balance, share, token rewards,
 * payout), the balances, the packages to buy (each a link into the checkout), the history with its filters, pages
 * and CSV, and the auto-recharge setting. Every part works without JavaScript: links, a GET form, one POST form.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import type { Language } from "#server/contract/locales";
import { autoRechargeUnavailableKey, DOLLAR_HISTORY_KINDS, walletPaths } from "#server/contract/wallet";
import type { DollarHistoryData, DollarWalletData } from "~/api/wallet.server";
import { FormErrors } from "~/components/Field";
import { CheckboxField, SelectField } from "~/components/FieldControls";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import { SettingsCard, SettingsFrame } from "../settings/SettingsFrame";
import type { HistoryFilters } from "./dollar.server";
import * as css from "./wallet.css";

type Entry = DollarHistoryData["entries"][number];

/** The page's address with these filters and page (page 1 and empty filters left out). */
export function historyHref(base: string, filters: HistoryFilters, page = 1, hash = "#history"): string {
  const query = new URLSearchParams();
  if (filters.kind) query.set("kind", filters.kind);
  if (filters.month) query.set("month", filters.month);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `${base}${text ? `?${text}` : ""}${hash}`;
}

export function DollarPage({
  wallet,
  history,
  filters,
  saved,
  reply,
}: {
  wallet: DollarWalletData;
  history: DollarHistoryData;
  filters: HistoryFilters;
  saved: boolean;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("wallet");
  const lang = useLang();
  const to = useLocalePath();
  const price = usePriceText();
  const dollars = (amount: number) => price({ amount, currency: "dollar" });
  const { balances } = wallet;
  const base = walletPaths.dollar(lang);
  return (
    <SettingsFrame title={t("wallet.page.title")} intro={t("wallet.page.intro")} notice={saved ? t("wallet.page.saved") : null}>
      <nav aria-label={t("wallet.menu.label")}>
        <ul className={css.menu}>
          <li>
            <a className={css.menuLink} href="#balance" aria-current="page">
              {t("wallet.menu.balance")}
            </a>
          </li>
          <li>
            <Link className={css.menuLink} to={walletPaths.share(lang)}>
              {t("wallet.menu.share")}
            </Link>
          </li>
          <li>
            <Link className={css.menuLink} to={walletPaths.tokenRewards(lang)}>
              {t("wallet.menu.token_rewards")}
            </Link>
          </li>
          <li>
            <Link className={css.menuLink} to={walletPaths.gifts(lang)} data-testid="dollar-menu-gifts">
              {t("wallet.menu.gifts")}
            </Link>
          </li>
          <li>
            <Link className={css.menuLink} to={walletPaths.payout(lang)}>
              {t("wallet.menu.payout")}
            </Link>
          </li>
        </ul>
      </nav>

      <SettingsCard id="balance" title={t("wallet.balance.heading")} testId="wallet-balance">
        <p className={css.bigFigure} data-testid="wallet-available" data-available={balances.available}>
          {dollars(balances.available)}
        </p>
        <p className={ui.muted}>{t("wallet.balance.available_hint")}</p>
        <dl className={css.facts}>
          <dt>{t("wallet.accounts.pending")}</dt>
          <dd data-testid="wallet-pending">{dollars(balances.pending)}</dd>
          <dt>{t("wallet.accounts.frozen")}</dt>
          <dd>{dollars(balances.frozen)}</dd>
          <dt>{t("wallet.accounts.payout")}</dt>
          <dd>{dollars(balances.inPayout)}</dd>
        </dl>
        {balances.pending > 0 ? <p className={ui.muted}>{t("wallet.balance.pending_hint")}</p> : null}
      </SettingsCard>

      <SettingsCard id="buy" title={t("wallet.buy.heading")} testId="wallet-buy">
        <ul className={css.packages}>
          {wallet.packages.map((pkg) => (
            <li key={pkg.sku} className={css.packageCard}>
              <span className={css.packageDollars}>{dollars(pkg.dollars)}</span>
              <span>{price({ amount: pkg.priceCents, currency: "EUR" })}</span>
              <Link className={ui.button} to={checkoutPath(lang, "dollar", pkg.sku)} data-testid={`buy-${pkg.sku}`}>
                {t("wallet.buy.action")}
              </Link>
            </li>
          ))}
        </ul>
        <p className={ui.muted}>
          {t("wallet.buy.terms_hint")} <Link to={to("legal/dollar_terms")}>{t("wallet.buy.terms_link")}</Link>
        </p>
      </SettingsCard>

      <SettingsCard id="history" title={t("wallet.history.heading")} testId="wallet-history">
        <HistoryFilterForm base={base} filters={filters} months={history.months} lang={lang} />
        {history.entries.length === 0 ? (
          <EmptyHistory filtered={Boolean(filters.kind || filters.month)} base={base} />
        ) : (
          <ol className={css.entries} data-testid="history-entries">
            {history.entries.map((entry) => (
              <HistoryEntry key={`${entry.operationId}-${entry.account}`} entry={entry} lang={lang} />
            ))}
          </ol>
        )}
        {history.page > 1 || history.hasNext ? (
          <nav aria-label={t("wallet.history.pages")} className={ui.row}>
            {history.page > 1 ? (
              <Link className={ui.buttonSecondary} to={historyHref(base, filters, history.page - 1)} rel="prev">
                {t("wallet.history.previous")}
              </Link>
            ) : null}
            <span className={ui.muted}>{t("wallet.history.page", { page: history.page })}</span>
            {history.hasNext ? (
              <Link className={ui.buttonSecondary} to={historyHref(base, filters, history.page + 1)} rel="next" data-testid="history-next">
                {t("wallet.history.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
        {history.entries.length > 0 ? (
          <p style={{ margin: 0 }}>
            <a className={ui.buttonSecondary} href={historyHref(`${base}/history.csv`, filters, 1, "")} download data-testid="history-csv">
              {t("wallet.history.csv")}
            </a>
          </p>
        ) : null}
      </SettingsCard>

      <AutoRechargeCard wallet={wallet} reply={reply} />
    </SettingsFrame>
  );
}

function HistoryFilterForm({ base, filters, months, lang }: { base: string; filters: HistoryFilters; months: string[]; lang: Language }) {
  const { t } = useTranslation("wallet");
  const monthName = new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <Form method="get" action={base} className={css.filters} data-testid="history-filters">
      <SelectField
        name="kind"
        label={t("wallet.history.kind")}
        placeholder={t("wallet.history.all_kinds")}
        defaultValue={filters.kind ?? ""}
        options={DOLLAR_HISTORY_KINDS.map((kind) => ({ value: kind, label: t(`wallet.kinds.${kind}`) }))}
      />
      <SelectField
        name="month"
        label={t("wallet.history.month")}
        placeholder={t("wallet.history.all_months")}
        defaultValue={filters.month ?? ""}
        options={months.map((month) => ({ value: month, label: monthName.format(Date.parse(`${month}-15T00:00:00Z`)) }))}
      />
      <div className={ui.row}>
        <button className={ui.button} type="submit" data-testid="history-filter">
          {t("wallet.history.filter")}
        </button>
        {filters.kind || filters.month ? (
          <Link className={ui.buttonSecondary} to={`${base}#history`}>
            {t("wallet.history.reset")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function EmptyHistory({ filtered, base }: { filtered: boolean; base: string }) {
  const { t } = useTranslation("wallet");
  return (
    <div className={css.empty} data-testid="history-empty">
      <p style={{ margin: 0 }}>{filtered ? t("wallet.history.empty_filtered") : t("wallet.history.empty")}</p>
      {filtered ? <Link to={`${base}#history`}>{t("wallet.history.reset")}</Link> : <a href="#buy">{t("wallet.history.empty_action")}</a>}
    </div>
  );
}

/** Where a reference leads, when the wallet knows a page for it (`<what>:<id>`, _map.md); else it is shown as text. */
function referenceLink(reference: string, lang: Language): string | null {
  const [what] = reference.split(":");
  switch (what) {
    case "order":
      return `/${lang}/user/billing_invoices`;
    case "gift":
      return walletPaths.gifts(lang);
    case "payout":
      return walletPaths.payout(lang);
    case "rise_up":
      return walletPaths.promotion(lang);
    default:
      return null;
  }
}

function HistoryEntry({ entry, lang }: { entry: Entry; lang: Language }) {
  const { t } = useTranslation("wallet");
  const price = usePriceText();
  const signed = `${entry.amount > 0 ? "+" : "−"}${price({ amount: Math.abs(entry.amount), currency: "dollar" })}`;
  const link = entry.reference ? referenceLink(entry.reference, lang) : null;
  const [what, id] = entry.reference ? entry.reference.split(/:(.*)/s) : [];
  const referenceText = what && id ? t(`wallet.references.${what}`, { id, defaultValue: entry.reference }) : entry.reference;
  return (
    <li className={css.entry} data-kind={entry.kind} data-amount={entry.amount}>
      <div className={css.entryHead}>
        <span className={css.entryKind}>{t(`wallet.kinds.${entry.kind}`)}</span>
        <span className={entry.amount > 0 ? css.amountIn : css.amountOut}>{signed}</span>
      </div>
      <div className={css.entryMeta}>
        <time dateTime={new Date(entry.at).toISOString()}>{formatHomeMoment(entry.at, lang)}</time>
        {entry.account !== "wallet" ? <span>{t(`wallet.accounts.${entry.account}`)}</span> : null}
        <span>{t("wallet.history.balance_after", { balance: price({ amount: entry.balanceAfter, currency: "dollar" }) })}</span>
      </div>
      {referenceText ? (
        <div className={css.entryMeta}>{link ? <Link to={link}>{referenceText}</Link> : <span>{referenceText}</span>}</div>
      ) : null}
    </li>
  );
}

function AutoRechargeCard({ wallet, reply }: { wallet: DollarWalletData; reply: FormReply | null }) {
  const { t } = useTranslation("wallet");
  const { t: tCommon } = useTranslation();
  const to = useLocalePath();
  const price = usePriceText();
  const setting = wallet.autoRecharge;
  // Only a renewing plus contract's payment is charged (ADR 081 addendum): otherwise the box is shown, disabled, with why.
  const unavailable = setting.unavailable;
  const keptSku = typeof reply?.input.sku === "string" ? reply.input.sku : setting.sku;
  const keptEnabled = unavailable ? false : reply ? reply.input.enabled === "on" : setting.enabled;
  // A refused "on" says the reason at its field (and in the page's summary): the note would say it a third time.
  const refusedAtField = (reply?.fieldErrors.enabled ?? []).length > 0;
  return (
    <SettingsCard id="auto-recharge" title={t("wallet.recharge.heading")} testId="wallet-auto-recharge">
      <p style={{ margin: 0 }}>{t("wallet.recharge.intro", { max: setting.monthlyMax })}</p>
      {reply ? <FormErrors errors={errorsBesides(reply, ["enabled", "sku"])} /> : null}
      {unavailable && !refusedAtField ? (
        <p className={ui.notice} style={{ margin: 0 }} data-testid="recharge-unavailable" data-reason={unavailable}>
          {translateMessage(tCommon, autoRechargeUnavailableKey(unavailable))}{" "}
          {unavailable !== "no_stored_payment" ? <Link to={to("user/membership")}>{t("wallet.recharge.to_membership")}</Link> : null}
        </p>
      ) : null}
      <Form method="post" className={ui.stack}>
        <input type="hidden" name="intent" value="auto_recharge" />
        <CheckboxField
          name="enabled"
          label={t("wallet.recharge.enabled")}
          hint={t("wallet.recharge.consent")}
          defaultChecked={keptEnabled}
          disabled={unavailable !== null}
          errors={reply?.fieldErrors.enabled ?? []}
        />
        <SelectField
          name="sku"
          label={t("wallet.recharge.package")}
          defaultValue={keptSku}
          errors={reply?.fieldErrors.sku ?? []}
          options={wallet.packages.map((pkg) => ({
            value: pkg.sku,
            label: t("wallet.recharge.package_option", {
              dollars: price({ amount: pkg.dollars, currency: "dollar" }),
              price: price({ amount: pkg.priceCents, currency: "EUR" }),
            }),
          }))}
        />
        <p className={ui.muted} style={{ margin: 0 }} data-testid="recharge-used">
          {t("wallet.recharge.used", { used: setting.usedThisMonth, max: setting.monthlyMax })}
        </p>
        {/* Saving stays possible while it is not offered: the disabled box posts nothing, so a stored "on" is switched off. */}
        <div className={ui.row}>
          <button className={ui.button} type="submit" data-testid="recharge-save">
            {t("wallet.recharge.save")}
          </button>
        </div>
      </Form>
    </SettingsCard>
  );
}
