/** my_date/new/{username} (issue 13, ADR 046): the date request form, linked from the profile and the messenger. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { DateRequestPage } from "~/features/dates/DatesPages";
import { loadDateRequest, submitDateRequest } from "~/features/dates/dates.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["dating"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadDateRequest(args);

export const action = (args: ActionFunctionArgs) => submitDateRequest(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function DateRequestRoute() {
  const { options, refused } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const reply = answer ? readReply(answer.lastResult) : null;
  return <DateRequestPage options={options} refused={refused} reply={reply} />;
}
