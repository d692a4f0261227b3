/** content-create/{id?} (spec section 2, no footer; issue 28 item 4): upload or pick, then who sees and opens it. A thin adapter over app/features/creator-media. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadContentCreate, submitContentCreate } from "~/features/creator-media/content-create.server";
import { ContentCreatePage } from "~/features/creator-media/ContentCreatePages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["creator-media", "gallery"], hydrate: false, layout: "no-footer" };

export const loader = (args: LoaderFunctionArgs) => loadContentCreate(args);

export const action = (args: ActionFunctionArgs) => submitContentCreate(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ContentCreateRoute() {
  const answer = useActionData<typeof action>();
  return <ContentCreatePage page={useLoaderData<typeof loader>()} reply={answer ? readReply(answer.lastResult) : null} />;
}
