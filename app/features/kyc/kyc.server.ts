/**
 * KYC in the web tier (issue 30 item 3, ADR 109): user/kyc (each step's state and the way to do it), user/kyc/agreement
 * (the creator agreement, confirmed with a checkbox and the typed full name) and backoffice/kyc (backend staff's AML
 * hits, and a member's reset or expiry). Plain forms that post to their own page and redirect; every rule is the API's.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { KYC_ERRORS, kycPaths, kycReasonSchema, kycSignSchema } from "#server/contract/kyc";
import { isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { decideKycHit, fetchAgreement, fetchKyc, fetchKycQueue, renewMemberKyc, screenAgain, signAgreement } from "~/api/kyc.server";
import { requireViewer } from "~/api/viewer.server";
import { loadStaffQueue } from "~/features/backoffice/staff-queue.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]) => (isLanguage(params.lang) ? params.lang : "de");

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

/** What user/kyc confirms after a redirect. */
export const KYC_DONE = ["signed", "screened"] as const;
export type KycDone = (typeof KYC_DONE)[number];

/** user/kyc: the member's steps; anyone but escorts and businesses reads that payouts are not for them. */
export async function loadKyc({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const result = await fetchKyc(createApiClient({ request, context }));
  const t = await i18nServer.getFixedT(request);
  const done = new URL(request.url).searchParams.get("done");
  if (!result.ok && result.status !== 403) unavailable(result.status);
  return data(
    {
      title: t("kyc.page.title", { ns: "kyc" }),
      kyc: result.ok ? result.data : null,
      done: (KYC_DONE as readonly string[]).includes(done ?? "") ? (done as KycDone) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** user/kyc's one form: screen the signed name again (an expired screening). */
export async function submitKyc({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, v.object({ intent: v.literal("screen", "validation.invalid") }));
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await screenAgain(createApiClient({ request, context }));
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  throw redirect(`${kycPaths.page(langOf(params))}?done=screened`, { headers: PRIVATE_HEADERS });
}

/** user/kyc/agreement: the agreement in the page's language, exactly as the API hashes it. */
export async function loadAgreement({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const [agreement, kyc] = await Promise.all([fetchAgreement(api, langOf(params)), fetchKyc(api)]);
  if (!agreement.ok) unavailable(agreement.status);
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("kyc.agreement.title", { ns: "kyc" }), agreement: agreement.data, kyc: kyc.ok ? kyc.data : null },
    { headers: PRIVATE_HEADERS },
  );
}

/** The form's fields: the API's schema, the checkbox as a form sends it ("on" or nothing). */
const signForm = v.object(
  {
    ...kycSignSchema.entries,
    confirm: v.pipe(
      v.optional(v.boolean(KYC_ERRORS.confirmRequired), false),
      v.check((value) => value, KYC_ERRORS.confirmRequired),
    ),
  },
  KYC_ERRORS.confirmRequired,
);

export async function submitAgreement({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, signForm);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await signAgreement(createApiClient({ request, context }), { ...submission.value, confirm: true });
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["full_name", "confirm"]) },
      { status: [400, 403, 409].includes(result.status) ? result.status : 503, headers: PRIVATE_HEADERS },
    );
  throw redirect(`${kycPaths.page(langOf(params))}?done=signed`, { headers: PRIVATE_HEADERS });
}

// --- The back office ----------------------------------------------------------------------------------------------

export const loadKycQueue = (args: LoaderFunctionArgs) =>
  loadStaffQueue(args, {
    fetch: fetchKycQueue,
    permission: "kyc.manage",
    title: { key: "kyc.backoffice.title", ns: "kyc" },
    done: ["cleared", "rejected", "reset", "expire"] as const,
    queue: "kyc",
  });

const idField = v.pipe(v.string("validation.invalid"), v.regex(/^[1-9]\d{0,9}$/, "validation.invalid"), v.transform(Number));
const staffForms = v.variant("intent", [
  v.object({ intent: v.literal("clear"), id: idField }),
  v.object({ intent: v.literal("reject"), id: idField, reason: kycReasonSchema.entries.reason }, KYC_ERRORS.reasonRequired),
  v.object(
    { intent: v.picklist(["reset", "expire"]), member_id: idField, reason: kycReasonSchema.entries.reason },
    KYC_ERRORS.reasonRequired,
  ),
]);

export async function submitKycDecision({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, staffForms);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const api = createApiClient({ request, context });
  const result =
    form.intent === "clear" || form.intent === "reject"
      ? await decideKycHit(api, form.id, form.intent === "reject" ? form.reason : null)
      : await renewMemberKyc(api, form.member_id, form.intent, form.reason);
  if (!result.ok) {
    if (result.status === 403) throw await notFoundResponse(request);
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["reason"]) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  }
  const done = form.intent === "clear" ? "cleared" : form.intent === "reject" ? "rejected" : form.intent;
  throw redirect(`${kycPaths.backoffice(langOf(params))}?done=${done}`, { headers: PRIVATE_HEADERS });
}
