/** /{lang}/newsfeed (G; spec section 2 "Personal: newsfeed (G)"). A thin adapter over app/features/newsfeed (ADR 095). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { NewsfeedPage } from "~/features/newsfeed/NewsfeedPage";
import { loadNewsfeed } from "~/features/newsfeed/newsfeed.server";
import { profileHeaders } from "~/features/profile/meta";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["newsfeed", "live"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadNewsfeed(args);

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default NewsfeedPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
