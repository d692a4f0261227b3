/** user/search_visibility (issue 10). A thin adapter over app/features/settings. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadSearchVisibility, submitSearchVisibility } from "~/features/settings/search-visibility.server";
import { SearchVisibilityPage } from "~/features/settings/SearchVisibilityPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "visibility"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSearchVisibility(args);

export const action = (args: ActionFunctionArgs) => submitSearchVisibility(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function SearchVisibilityRoute() {
  const { visibility } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return (
    <SearchVisibilityPage
      visibility={visibility}
      saved={searchParams.get("saved") === "1" && !answer}
      reply={answer ? readReply(answer.lastResult) : null}
    />
  );
}
