/**
 * backoffice/security (issue 30 item 5, ADR 117): any staff account's own second factor — set up an authenticator
 * (QR code, base32 text, otpauth URI), confirm it with a first code, get new recovery codes — and, for backend staff
 * (staff.manage), every colleague's state with a reset. Members and guests get the 404 of a page that does not exist.
 * The recovery codes are the answer of the post that made them, never of a GET: a reload cannot show them again.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { userTypeMay } from "#server/contract/staff-permissions";
import { secondFactorResetSchema, SECOND_FACTOR_PAGES, STAFF_TOTP_ERRORS, totpCodeSchema } from "#server/contract/staff-totp";
import { isStaffUserType } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import * as staffTotp from "~/api/staff-totp.server";
import { requireViewer } from "~/api/viewer.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { localePath } from "~/i18n/lang";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { qrCodeDataUri } from "./qr.server";

const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });
const PAGE = "backoffice/security";

const securityFormSchema = intentVariant({
  start: v.object({}),
  confirm: totpCodeSchema,
  regenerate: totpCodeSchema,
  reset: v.object({ ...secondFactorResetSchema.entries, id: rowIdField(STAFF_TOTP_ERRORS.notFound) }),
});

async function requireStaff({ request, context, params }: LoaderFunctionArgs | ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  if (!isStaffUserType(viewer.profile.userType)) throw notFound();
  return { viewer, lang: languageOf(params.lang) };
}

const languageOf = (lang: string | undefined): Language => (isLanguage(lang) ? lang : DEFAULT_LANGUAGE);

export async function loadSecurity(args: LoaderFunctionArgs) {
  const { viewer, lang } = await requireStaff(args);
  const api = createApiClient(args);
  const status = await staffTotp.fetchSecondFactorStatus(api);
  if (!status.ok) throw status.status === 403 ? notFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  // A sign-in that owes its code enters it first (the layout sends it there too).
  if (status.data.due === "verify") throw redirect(localePath(lang, SECOND_FACTOR_PAGES.verify), { headers: PRIVATE_HEADERS });
  const mayManage = status.data.due === null && userTypeMay(viewer.profile.userType, "staff.manage");
  const colleagues = mayManage ? await staffTotp.fetchStaffSecondFactors(api) : null;
  const t = await i18nServer.getFixedT(args.request);
  const done = new URL(args.request.url).searchParams.get("done");
  return data(
    {
      title: t("stafftotp.security.title", { ns: "staff-totp" }),
      status: status.data,
      qr: status.data.setup ? await qrCodeDataUri(status.data.setup.uri) : null,
      viewerId: viewer.id,
      colleagues: colleagues?.ok ? colleagues.data.items : null,
      done: done === "reset" ? ("reset" as const) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitSecurity(args: ActionFunctionArgs) {
  const { lang } = await requireStaff(args);
  const submission = await parseForm(args.request, securityFormSchema);
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(), codes: null }, { status: 400, headers: PRIVATE_HEADERS });
  const value = submission.value;
  const api = createApiClient(args);
  const back = () => redirect(localePath(lang, PAGE), { headers: PRIVATE_HEADERS });
  if (value.intent === "start") {
    const started = await staffTotp.startSecondFactorSetup(api);
    if (!started.ok && started.status !== 409) throw new Response(null, { status: started.status === 403 ? 404 : 503 });
    throw back();
  }
  if (value.intent === "reset") {
    const reset = await staffTotp.resetStaffSecondFactor(api, value.id, value.reason);
    if (!reset.ok) {
      const lastResult = replyWithApiErrors(submission, reset.errors, ["reason"]);
      return data({ lastResult, codes: null }, { status: reset.status === 403 ? 403 : 400, headers: PRIVATE_HEADERS });
    }
    throw redirect(`${localePath(lang, PAGE)}?done=reset`, { headers: PRIVATE_HEADERS });
  }
  const answer =
    value.intent === "confirm"
      ? await staffTotp.confirmSecondFactorSetup(api, value.code)
      : await staffTotp.regenerateRecoveryCodes(api, value.code);
  if (!answer.ok) {
    const lastResult = replyWithApiErrors(submission, answer.errors, ["code"]);
    return data({ lastResult, codes: null }, { status: answer.status === 429 ? 429 : 400, headers: PRIVATE_HEADERS });
  }
  // Shown once, in this answer only (ADR 117): no redirect, so no later GET can show them again.
  return data({ lastResult: null, codes: { intent: value.intent, list: answer.data.codes } }, { headers: PRIVATE_HEADERS });
}
