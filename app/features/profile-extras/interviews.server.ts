/**
 * user/interviews (issue 11 item 7, ADR 039): the owner answers the questions of their kind of member. One form
 * with a text field per question; an emptied field removes that answer. Refused answers stay in their fields.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { interviewQuestionsFor } from "#server/contract/interviews";
import { USER_TYPE } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import { fetchInterviews, saveInterviews } from "~/api/profile-extras.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { pageTextKey } from "~/features/settings/page-text";
import { interviewFormSchema } from "./interview-form";

export async function loadInterviewSettings({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const interviews = await fetchInterviews(createApiClient({ request, context }), viewer.username);
  if (!interviews.ok) throw new Response(null, { status: interviews.status >= 500 ? 503 : interviews.status, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const isBusiness = viewer.profile.userType === USER_TYPE.business;
  const answers = Object.fromEntries(interviews.data.items.map((item) => [item.questionKey, item.answer]));
  return data(
    {
      title: t(pageTextKey("interviews", "title", isBusiness), { ns: "account" }),
      isBusiness,
      questions: interviews.data.questions,
      answers,
      // The owner's answers that wait for the team (ADR 030): shown in the form, public once accepted.
      waiting: interviews.data.items.filter((item) => item.pending).map((item) => item.questionKey),
      max: interviews.data.answerMax,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitInterviewSettings({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const questions = interviewQuestionsFor(viewer.profile.userType);
  // Browsers send line breaks as CRLF but count them as one character (maxlength): so does the API.
  const submission = await parseForm(request, interviewFormSchema(questions), { lineBreaks: true });
  if (submission.status !== "success")
    return data(
      { lastResult: submission.reply({ formErrors: ["validation.correct_all_fields"] }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const saved = await saveInterviews(createApiClient({ request, context }), viewer.username, submission.value);
  if (!saved.ok) {
    // The API names an answer `answers.<question>`; the form's field is the question.
    const questionOf = (source: string) => {
      const question = source.replace(/^answers\./, "");
      return (questions as readonly string[]).includes(question) ? question : undefined;
    };
    return data(
      { lastResult: replyWithApiErrors(submission, saved.errors, questionOf) },
      { status: saved.status === 403 ? 403 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`/${params.lang}/user/interviews?saved=1`, { headers: PRIVATE_HEADERS });
}
