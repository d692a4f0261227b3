/**
 * The payout pages (issue 27 items 5–6, ADR 086): loaders and actions. The flow's steps are pages of their own
 * address (`?step=`), so every step works as a plain form post without JavaScript: start (the overview), edit (the
 * amount), submit (the summary and the secure code), success; a refused request renders the fail step; probation
 * is the start page while nothing is available yet. The secure code and the bank account have their own pages.
 */
import { KYC_ERRORS } from "#server/contract/kyc";
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { parseRowId } from "#server/contract/row-id";
import { PAYOUT_AMOUNT_MAX, PAYOUT_ERRORS } from "#server/contract/payouts";
import { moneyKeySchema, PAYOUT_MIN } from "#server/contract/wallet";
import { createApiClient, type ApiResult } from "~/api/client.server";
import * as payouts from "~/api/payouts.server";
import { requireViewer } from "~/api/viewer.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

const langOf = (args: Args): Language => (isLanguage(args.params.lang) ? args.params.lang : DEFAULT_LANGUAGE);

function dataOf<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new Response(null, { status: result.status >= 500 || result.status === 0 ? 503 : result.status, headers: PRIVATE_HEADERS });
}

const payoutPath = (lang: Language, query = "") => `${localePath(lang, "user/dollar/payout")}${query}`;

/** The steps that have an address; fail is what a refused request renders. */
const ADDRESSED_STEPS = ["start", "edit", "submit", "success"] as const;
export type AddressedStep = (typeof ADDRESSED_STEPS)[number];

const amountField = v.pipe(
  v.number("validation.required"),
  v.integer("validation.invalid"),
  v.minValue(PAYOUT_MIN, PAYOUT_ERRORS.belowMinimum),
  v.maxValue(PAYOUT_AMOUNT_MAX, "validation.invalid"),
);

const payoutForms = intentVariant({
  review: v.object({ amount: amountField }),
  submit: v.object({
    amount: amountField,
    secure_code: v.pipe(v.string(PAYOUT_ERRORS.secureCodeWrong), v.maxLength(32, PAYOUT_ERRORS.secureCodeWrong)),
    key: moneyKeySchema,
  }),
  confirm: v.object({ id: rowIdField("exception.common.not_found") }),
});

export async function loadPayout(args: LoaderFunctionArgs) {
  await requireViewer(args.request, args.context);
  const api = createApiClient(args);
  const [overview, list] = await Promise.all([payouts.fetchPayoutOverview(api), payouts.fetchPayouts(api)]);
  const url = new URL(args.request.url);
  const asked = url.searchParams.get("step");
  const state = dataOf(overview);
  let step: AddressedStep = ADDRESSED_STEPS.find((s) => s === asked) ?? "start";
  // A step the member cannot be at (a bookmarked summary after the balance went) shows the start page.
  if ((step === "edit" || step === "submit") && !state.canRequest) step = "start";
  const amount = Number(url.searchParams.get("amount"));
  if (step === "submit" && !(Number.isInteger(amount) && amount >= PAYOUT_MIN && amount <= state.available)) step = "edit";
  const payoutId = parseRowId(url.searchParams.get("payout"));
  const items = dataOf(list).items;
  const done = step === "success" ? (items.find((p) => p.id === payoutId) ?? null) : null;
  if (step === "success" && !done) step = "start";
  const t = await i18nServer.getFixedT(args.request);
  return data(
    {
      title: t("payout_pages.title", { ns: "payouts" }),
      step,
      overview: state,
      payouts: items,
      amount: step === "submit" ? amount : state.available,
      done,
      // A new idempotency key with every render: a retry of this page's post answers the first payout.
      key: randomUUID(),
      confirmed: url.searchParams.get("done") === "confirmed",
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** Errors that end the flow (the fail step) rather than stand next to a field. */
const FAIL_KEYS: readonly string[] = [
  PAYOUT_ERRORS.insufficient,
  PAYOUT_ERRORS.tooManyOngoing,
  PAYOUT_ERRORS.ibanBlocked,
  PAYOUT_ERRORS.bankMissing,
  PAYOUT_ERRORS.secureCodeLocked,
  PAYOUT_ERRORS.secureCodeMissing,
  PAYOUT_ERRORS.notEarner,
  KYC_ERRORS.incomplete,
];

export async function submitPayout(args: ActionFunctionArgs) {
  await requireViewer(args.request, args.context);
  const lang = langOf(args);
  const submission = await parseForm(args.request, payoutForms);
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(), failure: null as string | null }, { status: 400, headers: PRIVATE_HEADERS });
  const value = submission.value;
  const api = createApiClient(args);
  if (value.intent === "review") {
    const overview = dataOf(await payouts.fetchPayoutOverview(api));
    if (value.amount > overview.available)
      return data(
        { lastResult: submission.reply({ fieldErrors: { amount: [PAYOUT_ERRORS.insufficient] } }), failure: null },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    throw redirect(payoutPath(lang, `?step=submit&amount=${value.amount}`), { headers: PRIVATE_HEADERS });
  }
  if (value.intent === "confirm") {
    const confirmed = await payouts.confirmPayout(api, value.id);
    if (!confirmed.ok)
      return data(
        { lastResult: replyWithApiErrors(submission, confirmed.errors), failure: null },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    throw redirect(payoutPath(lang, "?done=confirmed#payout-history"), { headers: PRIVATE_HEADERS });
  }
  const result = await payouts.requestPayout(api, { amount: value.amount, secure_code: value.secure_code, key: value.key });
  if (result.ok) throw redirect(payoutPath(lang, `?step=success&payout=${result.data.payout.id}`), { headers: PRIVATE_HEADERS });
  const ending = result.errors.find((e) => FAIL_KEYS.includes(e.key));
  if (ending) return data({ lastResult: null, failure: ending.key }, { status: result.status, headers: PRIVATE_HEADERS });
  return data(
    { lastResult: replyWithApiErrors(submission, result.errors, ["amount", "secure_code"], ["secure_code"]), failure: null },
    { status: 400, headers: PRIVATE_HEADERS },
  );
}

// --- The secure code ----------------------------------------------------------------------------------------------

const codeField = v.pipe(v.string(PAYOUT_ERRORS.secureCodeFormat), v.regex(/^\d{6}$/, PAYOUT_ERRORS.secureCodeFormat));
const codeForms = intentVariant({
  choose: v.pipe(
    v.object({ code: codeField, code_confirm: v.string(PAYOUT_ERRORS.secureCodeMismatch) }),
    v.forward(
      v.check((input) => input.code === input.code_confirm, PAYOUT_ERRORS.secureCodeMismatch),
      ["code_confirm"],
    ),
  ),
  reset: v.pipe(
    v.object({ code: codeField, code_confirm: v.string(PAYOUT_ERRORS.secureCodeMismatch), token: v.string(PAYOUT_ERRORS.resetInvalid) }),
    v.forward(
      v.check((input) => input.code === input.code_confirm, PAYOUT_ERRORS.secureCodeMismatch),
      ["code_confirm"],
    ),
  ),
  mail: v.object({}),
});

export async function loadSecureCode(args: LoaderFunctionArgs) {
  await requireViewer(args.request, args.context);
  const overview = dataOf(await payouts.fetchPayoutOverview(createApiClient(args)));
  const url = new URL(args.request.url);
  const token = url.searchParams.get("token");
  const t = await i18nServer.getFixedT(args.request);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("payout_pages.code.title", { ns: "payouts" }),
      earner: overview.earner,
      secureCode: overview.secureCode,
      token: token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null,
      done: done === "mailed" || done === "set" ? (done as "mailed" | "set") : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitSecureCode(args: ActionFunctionArgs) {
  await requireViewer(args.request, args.context);
  const lang = langOf(args);
  const submission = await parseForm(args.request, codeForms);
  if (submission.status !== "success")
    return data({ lastResult: submission.reply({ hideFields: ["code", "code_confirm"] }) }, { status: 400, headers: PRIVATE_HEADERS });
  const value = submission.value;
  const api = createApiClient(args);
  const result =
    value.intent === "mail"
      ? await payouts.requestSecureCodeReset(api)
      : value.intent === "choose"
        ? await payouts.chooseSecureCode(api, value.code, value.code_confirm)
        : await payouts.resetSecureCode(api, { token: value.token, code: value.code, code_confirm: value.code_confirm });
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["code", "code_confirm"], ["code", "code_confirm"]) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const next = value.intent === "mail" ? "?done=mailed" : "?done=set";
  throw redirect(`${localePath(lang, "user/dollar/payout/secure-code")}${next}`, { headers: PRIVATE_HEADERS });
}

// --- The bank account ---------------------------------------------------------------------------------------------

const bankForm = v.object({
  iban: v.optional(v.pipe(v.string(), v.maxLength(68, "validation.bank.iban_format")), ""),
  holder: v.optional(v.pipe(v.string(), v.maxLength(140, "validation.bank.holder_format")), ""),
  bic: v.optional(v.pipe(v.string(), v.maxLength(22, "validation.bank.bic_format")), ""),
  secure_code: v.optional(v.pipe(v.string(), v.maxLength(32, PAYOUT_ERRORS.secureCodeWrong)), ""),
});

export async function loadBankAccount(args: LoaderFunctionArgs) {
  await requireViewer(args.request, args.context);
  const overview = dataOf(await payouts.fetchPayoutOverview(createApiClient(args)));
  const t = await i18nServer.getFixedT(args.request);
  return data(
    {
      title: t("payout_pages.bank.title", { ns: "payouts" }),
      earner: overview.earner,
      secureCode: overview.secureCode,
      account: overview.bankAccount,
      saved: new URL(args.request.url).searchParams.get("done") === "saved",
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitBankAccount(args: ActionFunctionArgs) {
  await requireViewer(args.request, args.context);
  const lang = langOf(args);
  const submission = await parseForm(args.request, bankForm);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await payouts.saveBankAccount(createApiClient(args), submission.value);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["iban", "holder", "bic", "secure_code"], ["secure_code"]) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  throw redirect(`${localePath(lang, "user/dollar/payout/bank")}?done=saved`, { headers: PRIVATE_HEADERS });
}
