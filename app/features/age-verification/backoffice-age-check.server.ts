/**
 * backoffice/age-check/{memberId} (ADR 105): staff force or lift a member's age check, with a reason (audited by the
 * API). Team and backend accounts only; everyone else gets the 404 of a page that does not exist (ADR 030).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ageCheckForceSchema } from "#server/contract/age-verification";
import { forceAgeCheck } from "~/api/age-verification.server";
import { createApiClient } from "~/api/client.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { requireStaffPage } from "~/features/backoffice/staff-access.server";

const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

async function staffAndMember({ request, context, params }: LoaderFunctionArgs): Promise<number> {
  await requireStaffPage(request, context, "verification.decide");
  const id = /^[1-9]\d{0,14}$/.test(params.memberId ?? "") ? Number(params.memberId) : null;
  if (id === null) throw notFound();
  return id;
}

export async function loadBackofficeAgeCheck(args: LoaderFunctionArgs) {
  const memberId = await staffAndMember(args);
  const t = await i18nServer.getFixedT(args.request);
  return data({ title: t("age_verification.backoffice.title"), memberId }, { headers: PRIVATE_HEADERS });
}

export async function submitBackofficeAgeCheck(args: ActionFunctionArgs) {
  const memberId = await staffAndMember(args);
  const { request, context } = args;
  const submission = await parseForm(request, ageCheckForceSchema);
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(), done: null }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await forceAgeCheck(createApiClient({ request, context }), memberId, submission.value);
  if (!result.ok) {
    if (result.status === 403) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["reason"]), done: null },
      { status: result.status === 404 ? 404 : 400, headers: PRIVATE_HEADERS },
    );
  }
  return data({ lastResult: null, done: result.data.forced ? ("forced" as const) : ("lifted" as const) }, { headers: PRIVATE_HEADERS });
}
