/** user/tours (issue 10 item 5). A thin adapter over app/features/tours. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadTours, submitTours } from "~/features/tours/tours.server";
import { ToursPage } from "~/features/tours/ToursPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

// Hydrated: the city field suggests cities with JavaScript (a plain text field without).
export const handle = { i18n: ["account", "tours", "search"] };

export const loader = (args: LoaderFunctionArgs) => loadTours(args);

export const action = (args: ActionFunctionArgs) => submitTours(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ToursRoute() {
  const { list } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return <ToursPage list={list} saved={answer ? null : searchParams.get("saved")} reply={readReply(answer?.lastResult)} />;
}
