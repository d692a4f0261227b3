/** bundle/{id} (issue 28 item 1): buy a bundle in one confirmation, then open its media. A thin adapter over app/features/bundles. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { BundlePage } from "~/features/bundles/BundlePage";
import { loadBundlePage, submitBundleBuy } from "~/features/bundles/bundles.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["bundle"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBundlePage(args);

export const action = (args: ActionFunctionArgs) => submitBundleBuy(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BundleRoute() {
  const { lang, detail, bought, payKey, signedIn } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer?.lastResult ? { ...readReply(answer.lastResult), insufficient: answer.insufficient } : null;
  return <BundlePage lang={lang} detail={detail} bought={bought} payKey={payKey} signedIn={signedIn} refused={refused} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
