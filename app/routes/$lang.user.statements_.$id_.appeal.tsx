/** user/statements/{id}/appeal (DSA Art. 20, ADR 113): the complaint against a statement of reasons. A thin adapter over app/features/appeals. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { AppealPage } from "~/features/appeals/AppealPage";
import { loadAppeal, submitAppeal } from "~/features/appeals/appeal.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["appeals", "statements"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAppeal("statement", args);

export const action = (args: ActionFunctionArgs) => submitAppeal("statement", args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function AppealRoute() {
  const { title, statement, report, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AppealPage title={title} statement={statement} report={report} done={done} failure={answer ? readReply(answer.lastResult) : null} />
  );
}
