/** my_bundles (spec section 2; issue 28 item 1): the creator's bundles. A thin adapter over app/features/bundles. */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { loadMyBundles, submitMyBundles } from "~/features/bundles/bundles.server";
import { MyBundlesPage } from "~/features/bundles/MyBundlesPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["bundle", "moderation"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadMyBundles(args);

export const action = (args: ActionFunctionArgs) => submitMyBundles(args);

// The loader's answer carries the layout cookie besides the private headers.
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers(PRIVATE_HEADERS);
  for (const cookie of loaderHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
};

export const meta = metaFromLoader({ noindex: true });

export default function MyBundlesRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <MyBundlesPage {...loaded} done={answer ? null : loaded.done} reply={answer ? readReply(answer.lastResult) : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
