/** user/interviews (issue 11, ADR 039). A thin adapter over app/features/profile-extras. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadInterviewSettings, submitInterviewSettings } from "~/features/profile-extras/interviews.server";
import { InterviewSettingsPage } from "~/features/profile-extras/InterviewSettingsPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "profile", "moderation"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadInterviewSettings(args);

export const action = (args: ActionFunctionArgs) => submitInterviewSettings(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function InterviewSettingsRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer ? readReply(answer.lastResult) : null;
  const [searchParams] = useSearchParams();
  return (
    <InterviewSettingsPage
      title={page.title}
      questions={page.questions}
      answers={page.answers}
      waiting={page.waiting}
      max={page.max}
      isBusiness={page.isBusiness}
      saved={searchParams.get("saved") === "1" && !refused}
      refused={refused}
    />
  );
}
