/** live/start: go live or announce a stream; the creator's open streams (issue 31, ADR 124). A thin adapter over app/features/live. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { StartPage } from "~/features/live/LivePages";
import { loadStart, submitStart } from "~/features/live/live.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadStart(args);

export const action = (args: ActionFunctionArgs) => submitStart(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function LiveStartRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [search] = useSearchParams();
  return (
    <StartPage
      title={page.title}
      mine={page.mine}
      limits={page.limits}
      options={page.options}
      done={search.get("done")}
      reply={answer?.lastResult ? readReply(answer.lastResult) : null}
    />
  );
}
