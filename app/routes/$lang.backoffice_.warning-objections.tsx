/**
 * backoffice/warning-objections (ADR 121): flagged members' objections to the warning list, for backend staff
 * (trust.manage) to lift or keep; a 404 for everyone else. A thin adapter over app/features/warnings.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { readReply } from "~/components/form/reply";
import { ObjectionQueuePage } from "~/features/warnings/BackofficeWarningsPages";
import { loadObjectionQueue, submitObjectionDecision } from "~/features/warnings/warnings.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["warnings"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadObjectionQueue(args);

export const action = (args: ActionFunctionArgs) => submitObjectionDecision(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeWarningObjectionsRoute() {
  const { queue, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang } = useParams();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <ObjectionQueuePage lang={isLanguage(lang) ? lang : "de"} items={queue.items} done={failure ? null : done} failure={failure} />;
}
