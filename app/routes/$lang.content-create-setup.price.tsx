/** content-create-setup/price (spec section 2, issue 28 item 4): the creator's default prices. A thin adapter over app/features/creator-media. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadPriceSetup, submitPriceSetup } from "~/features/creator-media/content-create.server";
import { PriceSetupPage } from "~/features/creator-media/ContentCreatePages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["creator-media"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPriceSetup(args);

export const action = (args: ActionFunctionArgs) => submitPriceSetup(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ContentCreatePriceRoute() {
  const answer = useActionData<typeof action>();
  return <PriceSetupPage page={useLoaderData<typeof loader>()} reply={answer ? readReply(answer.lastResult) : null} />;
}
