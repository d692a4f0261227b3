/**
 * The payout pages (issue 27 items 5–6, ADR 086): the flow (probation, start, edit, submit, success, fail) with the
 * payout history and its read-confirmation, the secure code, the bank account. Server-rendered plain forms.
 */
import { KYC_ERRORS } from "#server/contract/kyc";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PAYOUT_CENTS_PER_DOLLAR, PAYOUT_STATUSES, SECURE_CODE_LENGTH, walletPaths } from "#server/contract/wallet";
import type { PayoutListData, PayoutOverviewData } from "~/api/payouts.server";
import { Field, FormErrors } from "~/components/Field";
import { allErrors, inputText, type FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import type { AddressedStep } from "./payouts.server";
import * as css from "./payouts.css";

type Payout = PayoutListData["items"][number];

function Frame({ title, intro, notice, children }: { title: string; intro?: string; notice?: string | null; children: ReactNode }) {
  const { t } = useTranslation("payouts");
  const lang = useLang();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <Link className={css.back} to={walletPaths.dollar(lang)}>
          {t("payout_pages.back")}
        </Link>
        <h1>{title}</h1>
        {intro ? <p className={ui.muted}>{intro}</p> : null}
        {notice ? (
          <p className={ui.notice} role="status" data-testid="payout-notice">
            {notice}
          </p>
        ) : null}
        {children}
      </div>
    </main>
  );
}

function useFormats() {
  const lang = useLang();
  const price = usePriceText();
  return {
    dollars: (amount: number) => price({ amount, currency: "dollar" }),
    euros: (cents: number) => price({ amount: cents, currency: "EUR" }),
    moment: (ms: number) => formatHomeMoment(ms, lang),
  };
}

/** The field's first error, translated. */
function useFieldError(reply: FormReply | null) {
  const { t, i18n } = useTranslation();
  return (name: string) => (reply?.fieldErrors[name] ?? []).map((key) => translateMessage(t, key, undefined, i18n.language));
}

/** A secure-code entry: hidden digits, the numeric keyboard, at most the code's length. */
function CodeField({
  name,
  label,
  hint,
  choosing = false,
  errors,
}: {
  name: string;
  label: string;
  hint?: string;
  /** A new code (the browser may offer to store it) rather than one typed to confirm. */
  choosing?: boolean;
  errors: string[];
}) {
  return (
    <Field
      name={name}
      label={label}
      hint={hint}
      type="password"
      inputMode="numeric"
      autoComplete={choosing ? "new-password" : "off"}
      maxLength={SECURE_CODE_LENGTH}
      errors={errors}
    />
  );
}

/** A form's main button, and what may stand beside it (the way back). */
function SubmitRow({ label, testId, children }: { label: string; testId?: string; children?: ReactNode }) {
  return (
    <div className={ui.row}>
      <button type="submit" className={ui.button} data-testid={testId}>
        {label}
      </button>
      {children}
    </div>
  );
}

/** The frame of the secure-code and bank pages: only earners see the content, the way back to the payouts under it. */
function SettingFrame({
  title,
  intro,
  notice,
  earner,
  children,
}: {
  title: string;
  intro: string;
  notice: string | null;
  earner: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("payouts");
  const to = useLocalePath();
  return (
    <Frame title={title} intro={intro} notice={notice}>
      {earner ? children : <p className={ui.card}>{t("payout_pages.not_earner")}</p>}
      <Link to={to("user/dollar/payout")}>{t("payout_pages.to_payouts")}</Link>
    </Frame>
  );
}

function Balances({ overview }: { overview: PayoutOverviewData }) {
  const { t } = useTranslation("payouts");
  const f = useFormats();
  return (
    <dl className={css.facts} data-testid="payout-balances">
      <dt className={css.factLabel}>{t("payout_pages.balance.available")}</dt>
      <dd className={css.factValue} data-testid="payout-available">
        {f.dollars(overview.available)}
      </dd>
      <dt className={css.factLabel}>{t("payout_pages.balance.pending")}</dt>
      <dd className={css.factValue}>{f.dollars(overview.pending)}</dd>
      <dt className={css.factLabel}>{t("payout_pages.balance.in_payout")}</dt>
      <dd className={css.factValue}>{f.dollars(overview.inPayout)}</dd>
    </dl>
  );
}

/** What still keeps the member from requesting, each with the way to fix it. */
function Requirements({ overview }: { overview: PayoutOverviewData }) {
  const { t } = useTranslation("payouts");
  const to = useLocalePath();
  const f = useFormats();
  const code = overview.secureCode;
  const bank = overview.bankAccount;
  return (
    <ul className={css.checklist} data-testid="payout-requirements">
      {/* KYC for payouts (ADR 109): its own page says which step is missing. */}
      <li data-done={overview.kycState === "complete" ? "1" : "0"} data-testid="payout-requirement-kyc">
        {overview.kycState === "complete" ? (
          <span>{t("payout_pages.requirements.kyc_ok")}</span>
        ) : (
          <Link to={to("user/kyc")}>{t(`payout_pages.requirements.kyc_${overview.kycState}`)}</Link>
        )}
      </li>
      <li data-done={code.set && !code.locked ? "1" : "0"}>
        {!code.set ? (
          <Link to={to("user/dollar/payout/secure-code")}>{t("payout_pages.requirements.code_missing")}</Link>
        ) : code.locked ? (
          <Link to={to("user/dollar/payout/secure-code")}>{t("payout_pages.requirements.code_locked")}</Link>
        ) : (
          <span>{t("payout_pages.requirements.code_ok")}</span>
        )}
      </li>
      <li data-done={bank && bank.blockedUntil === null ? "1" : "0"}>
        {!bank ? (
          <Link to={to("user/dollar/payout/bank")}>{t("payout_pages.requirements.bank_missing")}</Link>
        ) : (
          <span>
            {t("payout_pages.requirements.bank_ok", { iban: bank.ibanMasked, holder: bank.holder })}{" "}
            {bank.blockedUntil !== null ? t("payout_pages.requirements.bank_blocked", { until: f.moment(bank.blockedUntil) }) : null}{" "}
            <Link to={to("user/dollar/payout/bank")}>{t("payout_pages.requirements.bank_change")}</Link>
          </span>
        )}
      </li>
      {overview.ongoing >= overview.maxOngoing ? (
        <li data-done="0">{t("payout_pages.requirements.ongoing", { max: overview.maxOngoing })}</li>
      ) : null}
    </ul>
  );
}

function Probation({ overview }: { overview: PayoutOverviewData }) {
  const { t } = useTranslation("payouts");
  const f = useFormats();
  return (
    <section className={ui.card} aria-labelledby="payout-probation" data-testid="payout-probation">
      <h2 id="payout-probation" className={css.cardTitle}>
        {t("payout_pages.probation.title")}
      </h2>
      <p>{t("payout_pages.probation.text", { minimum: f.dollars(overview.minimum) })}</p>
      <ul className={css.earnings}>
        {overview.pendingEarnings.map((earning, index) => (
          <li key={index}>{t("payout_pages.probation.earning", { amount: f.dollars(earning.amount), date: f.moment(earning.freesAt) })}</li>
        ))}
      </ul>
    </section>
  );
}

function StatusBadge({ payout }: { payout: Payout }) {
  const { t } = useTranslation("payouts");
  const name =
    payout.status === PAYOUT_STATUSES.ongoing
      ? payout.approved
        ? "approved"
        : "waiting"
      : payout.status === PAYOUT_STATUSES.confirmed
        ? payout.outcome === "failed"
          ? "failed"
          : "succeeded"
        : payout.status === PAYOUT_STATUSES.failed
          ? "failed"
          : "succeeded";
  return (
    <span className={css.badge} data-status={name}>
      {t(`payout_pages.status.${name}`)}
    </span>
  );
}

function History({ items }: { items: Payout[] }) {
  const { t } = useTranslation("payouts");
  const f = useFormats();
  return (
    <section className={ui.card} aria-labelledby="payout-history" data-testid="payout-history">
      <h2 id="payout-history" className={css.cardTitle}>
        {t("payout_pages.history.title")}
      </h2>
      {items.length === 0 ? (
        <p className={ui.muted}>{t("payout_pages.history.empty")}</p>
      ) : (
        <ul className={ui.entryList}>
          {items.map((p) => (
            <li key={p.id} className={css.historyItem} data-payout={p.id}>
              <div className={css.historyHead}>
                <strong>{f.dollars(p.amount)}</strong> <StatusBadge payout={p} />
              </div>
              <span className={ui.muted}>
                {t("payout_pages.history.line", { euros: f.euros(p.amountCents), iban: p.ibanMasked, date: f.moment(p.createdAt) })}
              </span>
              {p.status === PAYOUT_STATUSES.succeeded || p.status === PAYOUT_STATUSES.failed ? (
                <Form method="post" className={ui.row}>
                  <input type="hidden" name="intent" value="confirm" />
                  <input type="hidden" name="id" value={p.id} />
                  <span>
                    {t(p.status === PAYOUT_STATUSES.failed ? "payout_pages.history.failed_note" : "payout_pages.history.succeeded_note")}
                  </span>
                  <button type="submit" className={ui.buttonSecondary} data-testid="payout-confirm">
                    {t("payout_pages.history.confirm")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function PayoutPage({
  step,
  overview,
  payouts,
  amount,
  done,
  moneyKey,
  confirmed,
  reply,
  failure,
}: {
  step: AddressedStep;
  overview: PayoutOverviewData;
  payouts: Payout[];
  amount: number;
  done: Payout | null;
  moneyKey: string;
  confirmed: boolean;
  reply: FormReply | null;
  failure: string | null;
}) {
  const { t } = useTranslation("payouts");
  const { t: tc, i18n } = useTranslation();
  const to = useLocalePath();
  const f = useFormats();
  const errorOf = useFieldError(reply);
  const sentStep = reply?.intent === "submit" ? "submit" : reply?.intent === "review" ? "edit" : null;
  const shown = failure ? "fail" : (sentStep ?? step);
  const shownAmount = reply && inputText(reply, "amount") !== "" ? Number(inputText(reply, "amount")) : amount;
  const euros = (dollars: number) => f.euros(dollars * PAYOUT_CENTS_PER_DOLLAR);

  if (!overview.earner)
    return (
      <Frame title={t("payout_pages.title")}>
        <p className={ui.card} data-testid="payout-not-earner">
          {t("payout_pages.not_earner")}
        </p>
      </Frame>
    );

  if (shown === "fail")
    return (
      <Frame title={t("payout_pages.fail.title")}>
        <section className={ui.card} data-testid="payout-fail" data-step="fail">
          <p role="alert">{translateMessage(tc, failure ?? "exception.common.something_wrong_happened", undefined, i18n.language)}</p>
          {failure === KYC_ERRORS.incomplete ? (
            <Link className={ui.linkButton} to={to("user/kyc")} data-testid="payout-to-kyc">
              {t("payout_pages.fail.to_kyc")}
            </Link>
          ) : null}
          <Link className={ui.linkButton} to={to("user/dollar/payout")}>
            {t("payout_pages.fail.back")}
          </Link>
        </section>
      </Frame>
    );

  if (shown === "success" && done)
    return (
      <Frame title={t("payout_pages.success.title")}>
        <section className={ui.card} data-testid="payout-success" data-step="success">
          <p>
            {t("payout_pages.success.text", { amount: f.dollars(done.amount), euros: f.euros(done.amountCents), iban: done.ibanMasked })}
          </p>
          <p className={ui.muted}>{t("payout_pages.success.next")}</p>
          <Link className={ui.linkButton} to={to("user/dollar/payout")}>
            {t("payout_pages.success.history")}
          </Link>
        </section>
      </Frame>
    );

  if (shown === "edit")
    return (
      <Frame title={t("payout_pages.edit.title")} intro={t("payout_pages.edit.intro", { minimum: f.dollars(overview.minimum) })}>
        <Form method="post" className={`${ui.card} ${ui.stack}`} data-step="edit" data-testid="payout-edit">
          <input type="hidden" name="intent" value="review" />
          <p>{t("payout_pages.edit.available", { amount: f.dollars(overview.available) })}</p>
          <Field
            name="amount"
            label={t("payout_pages.edit.amount")}
            hint={t("payout_pages.edit.amount_hint", { rate: euros(1) })}
            type="number"
            inputMode="numeric"
            defaultValue={String(shownAmount)}
            errors={errorOf("amount")}
          />
          <SubmitRow label={t("payout_pages.edit.next")}>
            <Link to={to("user/dollar/payout")}>{t("payout_pages.cancel")}</Link>
          </SubmitRow>
        </Form>
      </Frame>
    );

  if (shown === "submit")
    return (
      <Frame title={t("payout_pages.submit.title")}>
        <Form method="post" className={`${ui.card} ${ui.stack}`} data-step="submit" data-testid="payout-submit">
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="amount" value={shownAmount} />
          <input type="hidden" name="key" value={moneyKey} />
          {reply ? <FormErrors errors={reply.formErrors} /> : null}
          <dl className={css.facts}>
            <dt className={css.factLabel}>{t("payout_pages.submit.amount")}</dt>
            <dd className={css.factValue} data-testid="payout-summary-amount">
              {f.dollars(shownAmount)}
            </dd>
            <dt className={css.factLabel}>{t("payout_pages.submit.euros")}</dt>
            <dd className={css.factValue}>{euros(shownAmount)}</dd>
            <dt className={css.factLabel}>{t("payout_pages.submit.account")}</dt>
            <dd className={css.factValue}>
              {overview.bankAccount ? `${overview.bankAccount.holder}, ${overview.bankAccount.ibanMasked}` : "—"}
            </dd>
          </dl>
          {errorOf("amount").length > 0 ? <FormErrors errors={errorOf("amount")} /> : null}
          <CodeField
            name="secure_code"
            label={t("payout_pages.submit.code")}
            hint={t("payout_pages.submit.code_hint", { digits: SECURE_CODE_LENGTH })}
            errors={errorOf("secure_code")}
          />
          <p className={ui.muted}>{t("payout_pages.submit.approval_note")}</p>
          <SubmitRow label={t("payout_pages.submit.send")} testId="payout-send">
            <Link to={to(`user/dollar/payout?step=edit`)}>{t("payout_pages.submit.change")}</Link>
          </SubmitRow>
        </Form>
      </Frame>
    );

  const inProbation = overview.available < overview.minimum && overview.pending > 0;
  return (
    <Frame
      title={t("payout_pages.title")}
      intro={t("payout_pages.intro")}
      notice={confirmed ? t("payout_pages.history.confirmed_notice") : null}
    >
      {reply ? <FormErrors errors={allErrors(reply)} /> : null}
      <section
        className={ui.card}
        aria-labelledby="payout-start"
        data-step={inProbation ? "probation" : "start"}
        data-testid="payout-start"
      >
        <h2 id="payout-start" className={css.cardTitle}>
          {t("payout_pages.start.title")}
        </h2>
        <Balances overview={overview} />
        <Requirements overview={overview} />
        {overview.canRequest ? (
          <Link className={ui.linkButton} to={to("user/dollar/payout?step=edit")} data-testid="payout-begin">
            {t("payout_pages.start.begin", { amount: f.dollars(overview.available) })}
          </Link>
        ) : overview.available < overview.minimum ? (
          <p className={ui.muted}>{t("payout_pages.start.below_minimum", { minimum: f.dollars(overview.minimum) })}</p>
        ) : null}
      </section>
      {overview.pendingEarnings.length > 0 ? <Probation overview={overview} /> : null}
      <History items={payouts} />
    </Frame>
  );
}

// --- The secure code ----------------------------------------------------------------------------------------------

export function SecureCodePage({
  earner,
  secureCode,
  token,
  done,
  reply,
}: {
  earner: boolean;
  secureCode: PayoutOverviewData["secureCode"];
  token: string | null;
  done: "mailed" | "set" | null;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("payouts");
  const errorOf = useFieldError(reply);
  const notice = done === "mailed" ? t("payout_pages.code.mailed") : done === "set" ? t("payout_pages.code.saved") : null;
  const choosing = token !== null || !secureCode.set;
  return (
    <SettingFrame
      title={t("payout_pages.code.title")}
      intro={t("payout_pages.code.intro", { digits: SECURE_CODE_LENGTH })}
      notice={reply ? null : notice}
      earner={earner}
    >
      {choosing ? (
        <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="secure-code-form">
          <input type="hidden" name="intent" value={token ? "reset" : "choose"} />
          {token ? <input type="hidden" name="token" value={token} /> : null}
          {reply ? <FormErrors errors={[...reply.formErrors, ...(reply.fieldErrors.token ?? [])]} /> : null}
          <CodeField
            name="code"
            label={t("payout_pages.code.code")}
            hint={t("payout_pages.code.code_hint", { digits: SECURE_CODE_LENGTH })}
            choosing
            errors={errorOf("code")}
          />
          <CodeField name="code_confirm" label={t("payout_pages.code.confirm")} choosing errors={errorOf("code_confirm")} />
          <SubmitRow label={t("payout_pages.code.save")} />
        </Form>
      ) : (
        <section className={`${ui.card} ${ui.stack}`} data-testid="secure-code-state">
          <p>{secureCode.locked ? t("payout_pages.code.locked") : t("payout_pages.code.is_set", { tries: secureCode.triesLeft })}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="mail" />
            {reply ? <FormErrors errors={allErrors(reply)} /> : null}
            <button type="submit" className={ui.buttonSecondary} data-testid="secure-code-mail">
              {t("payout_pages.code.reset")}
            </button>
          </Form>
        </section>
      )}
    </SettingFrame>
  );
}

// --- The bank account ---------------------------------------------------------------------------------------------

export function BankAccountPage({
  earner,
  secureCode,
  account,
  saved,
  reply,
}: {
  earner: boolean;
  secureCode: PayoutOverviewData["secureCode"];
  account: PayoutOverviewData["bankAccount"];
  saved: boolean;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("payouts");
  const to = useLocalePath();
  const f = useFormats();
  const errorOf = useFieldError(reply);
  const kept = (name: string, fallback = "") => (reply ? inputText(reply, name) : fallback);
  return (
    <SettingFrame
      title={t("payout_pages.bank.title")}
      intro={t("payout_pages.bank.intro")}
      notice={saved && !reply ? t("payout_pages.bank.saved") : null}
      earner={earner}
    >
      {!secureCode.set ? (
        <p className={ui.card}>
          <Link to={to("user/dollar/payout/secure-code")}>{t("payout_pages.requirements.code_missing")}</Link>
        </p>
      ) : (
        <>
          {account ? (
            <p className={ui.card} data-testid="bank-current">
              {t("payout_pages.bank.current", { iban: account.ibanMasked, holder: account.holder })}{" "}
              {account.blockedUntil !== null
                ? t("payout_pages.requirements.bank_blocked", { until: f.moment(account.blockedUntil) })
                : null}
            </p>
          ) : null}
          <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="bank-form">
            {reply ? <FormErrors errors={reply.formErrors} /> : null}
            <Field
              name="iban"
              label={t("payout_pages.bank.iban")}
              autoComplete="off"
              defaultValue={kept("iban")}
              errors={errorOf("iban")}
            />
            <Field
              name="holder"
              label={t("payout_pages.bank.holder")}
              hint={t("payout_pages.bank.holder_hint")}
              autoComplete="name"
              defaultValue={kept("holder", account?.holder ?? "")}
              errors={errorOf("holder")}
            />
            <Field
              name="bic"
              label={t("payout_pages.bank.bic")}
              hint={t("payout_pages.bank.bic_hint")}
              autoComplete="off"
              defaultValue={kept("bic", account?.bic ?? "")}
              errors={errorOf("bic")}
            />
            <p className={ui.muted}>{t("payout_pages.bank.block_note", { hours: 48 })}</p>
            <CodeField name="secure_code" label={t("payout_pages.submit.code")} errors={errorOf("secure_code")} />
            <SubmitRow label={t("payout_pages.bank.save")} />
          </Form>
        </>
      )}
    </SettingFrame>
  );
}
