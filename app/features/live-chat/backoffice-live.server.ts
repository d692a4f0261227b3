/**
 * backoffice/live (issue 31 item 5, ADR 126): staff end a stream at once, suspend a creator's live access for a
 * period or until lifted, and lift it — three plain forms with the statement of reasons. `reports.decide`; a 404 for
 * everyone else. Every rule is the API's; the reports queue's live reports link here with the stream prefilled.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { LIVE_CHAT_ERRORS } from "#server/contract/live-chat";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { parseRowId } from "#server/contract/row-id";
import { createApiClient } from "~/api/client.server";
import { fetchLiveSuspension, liftLiveSuspension, staffEndLiveStream, suspendLiveAccess } from "~/api/live-chat.server";
import { requireStaffPage } from "~/features/backoffice/staff-access.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { i18nServer } from "~/i18n/i18next.server";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors, sentIntent } from "~/utils/forms.server";

export const BACKOFFICE_LIVE_DONE = ["ended", "already_ended", "suspended", "lifted"] as const;
export type BackofficeLiveDone = (typeof BACKOFFICE_LIVE_DONE)[number];

export async function loadBackofficeLive({ request, context }: LoaderFunctionArgs) {
  await requireStaffPage(request, context, "reports.decide");
  const url = new URL(request.url);
  const member = parseRowId(url.searchParams.get("member"));
  const suspension = member === null ? null : await fetchLiveSuspension(createApiClient({ request, context }), member);
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("live_chat.backoffice.title", { ns: "live-chat" }),
      stream: parseRowId(url.searchParams.get("stream")),
      member,
      suspension: suspension?.ok ? suspension.data : null,
      done: (BACKOFFICE_LIVE_DONE as readonly string[]).includes(done ?? "") ? (done as BackofficeLiveDone) : null,
    },
    { headers: privateAnswer() },
  );
}

// An empty field is absent from the parsed form: sent as "", the API answers it at the field.
const statement = v.optional(v.string(), "");
const formSchema = intentVariant({
  end: v.object({ stream_id: rowIdField(LIVE_CHAT_ERRORS.notFound), statement }),
  suspend: v.object({ member_id: rowIdField(LIVE_CHAT_ERRORS.memberNotFound), days: v.optional(v.string(), ""), statement }),
  lift: v.object({ member_id: rowIdField(LIVE_CHAT_ERRORS.memberNotFound), statement }),
});

export async function backofficeLiveAction({ request, context, params }: ActionFunctionArgs) {
  await requireStaffPage(request, context, "reports.decide");
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const submission = await parseForm(request, formSchema);
  const refused = (status: number, lastResult: ReturnType<typeof submission.reply>) =>
    data({ lastResult, intent: sentIntent(submission) }, { status, headers: privateAnswer() });
  if (submission.status !== "success") return refused(400, submission.reply());
  const form = submission.value;
  const api = createApiClient({ request, context });
  const base = `/${lang}/backoffice/live`;
  if (form.intent === "end") {
    const result = await staffEndLiveStream(api, form.stream_id, form.statement);
    if (!result.ok) return refused(result.status >= 500 ? 503 : result.status, replyWithApiErrors(submission, result.errors));
    throw redirect(`${base}?done=${result.data.ended ? "ended" : "already_ended"}`, { headers: privateAnswer() });
  }
  // The days as typed: the API reads the digits (empty: until lifted) and answers at the field.
  const result =
    form.intent === "suspend"
      ? await suspendLiveAccess(api, form.member_id, form.days, form.statement)
      : await liftLiveSuspension(api, form.member_id, form.statement);
  if (!result.ok) return refused(result.status >= 500 ? 503 : result.status, replyWithApiErrors(submission, result.errors));
  throw redirect(`${base}?member=${form.member_id}&done=${form.intent === "suspend" ? "suspended" : "lifted"}`, {
    headers: privateAnswer(),
  });
}
