/** my_date/{id} (issue 13, ADR 046): one date, its timeline and the forms to answer it. A thin adapter over app/features/dates. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { DateDetailPage } from "~/features/dates/DatesPages";
import { loadDate, submitDate } from "~/features/dates/dates.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["dating"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadDate(args);

export const action = (args: ActionFunctionArgs) => submitDate(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function DateRoute() {
  const { date, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const reply = answer ? readReply(answer.lastResult) : null;
  return <DateDetailPage date={date} done={reply ? null : done} reply={reply} />;
}
