/**
 * login/second-factor (issue 30 item 5, ADR 117): the second step of a staff sign-in whose account has an
 * authenticator — a code of the app or a recovery code. Until it succeeds the API treats the sign-in as no staff
 * session, and the layout sends every page here.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { SECOND_FACTOR_PAGES, secondFactorVerifySchema, STAFF_TOTP_ERRORS } from "#server/contract/staff-totp";
import { createApiClient } from "~/api/client.server";
import * as staffTotp from "~/api/staff-totp.server";
import { loadViewer } from "~/api/viewer.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { localePath } from "~/i18n/lang";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors, safeReturnPath } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const languageOf = (lang: string | undefined): Language => (isLanguage(lang) ? lang : DEFAULT_LANGUAGE);

export const secondFactorFormSchema = v.object({ ...secondFactorVerifySchema.entries, r: v.optional(v.string()) }, "validation.required");

/** Where a staff member goes once the sign-in is complete: the page they wanted, else the back office. */
const onwardOf = (lang: Language, r: unknown) => safeReturnPath(typeof r === "string" ? r : null, lang) ?? localePath(lang, "backoffice");

export async function loadSecondFactor({ request, context, params }: LoaderFunctionArgs) {
  const lang = languageOf(params.lang);
  const url = new URL(request.url);
  if (!(await loadViewer(request, context))) throw redirect(localePath(lang, "login"), { headers: PRIVATE_HEADERS });
  const status = await staffTotp.fetchSecondFactorStatus(createApiClient({ request, context }));
  // Nothing to enter here: a member, a finished sign-in, or an account that must set up its authenticator first.
  if (!status.ok || status.data.due !== "verify") {
    const next =
      status.ok && status.data.due === "enrol" ? localePath(lang, SECOND_FACTOR_PAGES.enrol) : onwardOf(lang, url.searchParams.get("r"));
    throw redirect(next, { headers: PRIVATE_HEADERS });
  }
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("stafftotp.verify.title", { ns: "staff-totp" }),
      lockedUntil: status.data.lockedUntil,
      r: safeReturnPath(url.searchParams.get("r"), lang) ?? "",
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitSecondFactor({ request, context, params }: ActionFunctionArgs) {
  const lang = languageOf(params.lang);
  const submission = await parseForm(request, secondFactorFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await staffTotp.verifySecondFactor(createApiClient({ request, context }), submission.value.code);
  if (!result.ok) {
    // Done meanwhile (another tab), or nothing owed: on to where the sign-in was going.
    if (result.errors.some((error) => error.key === STAFF_TOTP_ERRORS.nothingDue))
      throw redirect(onwardOf(lang, submission.value.r), { headers: PRIVATE_HEADERS });
    if (result.status === 401) throw redirect(localePath(lang, "login"), { headers: PRIVATE_HEADERS });
    const lastResult = replyWithApiErrors(submission, result.errors, ["code"]);
    return data({ lastResult }, { status: result.status === 429 || result.status === 409 ? result.status : 400, headers: PRIVATE_HEADERS });
  }
  throw redirect(onwardOf(lang, submission.value.r), { headers: PRIVATE_HEADERS });
}
