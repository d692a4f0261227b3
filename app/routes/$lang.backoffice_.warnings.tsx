/**
 * backoffice/warnings (ADR 121): clients several verified escorts reported for violence or non-payment, for the team
 * (reports.decide) to confirm or reject; a 404 for everyone else. A thin adapter over app/features/warnings.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { readReply } from "~/components/form/reply";
import { WarningQueuePage } from "~/features/warnings/BackofficeWarningsPages";
import { loadWarningQueue, submitWarningDecision } from "~/features/warnings/warnings.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["warnings", "reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadWarningQueue(args);

export const action = (args: ActionFunctionArgs) => submitWarningDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeWarningsRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang } = useParams();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <WarningQueuePage lang={isLanguage(lang) ? lang : "de"} items={queue.items} done={failure ? null : done} failure={failure} />;
}
