/**
 * Reporting a live stream or a recording (issue 31 item 5, ADR 126): the report form of members (ADR 038) at
 * `live/{id}/report` and `live/recordings/{id}/report`, linked from the watch page's chat and the recording. The API
 * checks the object (the report kinds `live` and `recording` of the live module's manifest: 404 for what the reporter
 * cannot see) and sends it to the reports queue, where staff find a link to the live view.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { liveRecordingPath, liveWatchPath } from "#server/contract/live-chat";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { parseRowId } from "#server/contract/row-id";
import { createApiClient } from "~/api/client.server";
import { fileReport } from "~/api/reports.server";
import { requireViewer } from "~/api/viewer.server";
import { reportFormEntries } from "~/features/reports/report-form";
import { i18nServer } from "~/i18n/i18next.server";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";

export type LiveReportKind = "live" | "recording";

const pathOf = (kind: LiveReportKind, id: number) => (kind === "live" ? liveWatchPath(id) : liveRecordingPath(id));

export async function loadLiveReport({ request, context, params }: LoaderFunctionArgs, kind: LiveReportKind) {
  await requireViewer(request, context);
  const id = parseRowId(params.id);
  if (id === null) throw await notFoundResponse(request);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      kind,
      title: t(kind === "live" ? "live_chat.report.title_live" : "live_chat.report.title_recording", { ns: "live-chat" }),
      backPath: `/${lang}/${pathOf(kind, id)}`,
      done: new URL(request.url).searchParams.get("done") === "1",
    },
    { headers: privateAnswer() },
  );
}

const reportSchema = v.object({ ...reportFormEntries });

export async function submitLiveReport({ request, context, params }: ActionFunctionArgs, kind: LiveReportKind) {
  await requireViewer(request, context);
  const id = parseRowId(params.id);
  if (id === null) throw await notFoundResponse(request);
  const submission = await parseForm(request, reportSchema, { lineBreaks: true });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: privateAnswer() });
  const form = submission.value;
  const result = await fileReport(createApiClient({ request, context }), {
    kind,
    object_id: id,
    type: form.type,
    text: form.text,
    good_faith: form.good_faith,
  });
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: privateAnswer() },
    );
  throw redirect(`${new URL(request.url).pathname}?done=1`, { headers: privateAnswer() });
}
