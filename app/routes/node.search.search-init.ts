import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { loadSearchInit } from "~/features/search/search.server";
import { privateAnswer } from "~/utils/cache-headers";

/**
 * POST /node/search/search-init?{search query} (spec section 7): the
 * first-screen search data as JSON. Per viewer, so never shared-cached.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return json({ code: 405, errors: [{ code: 405, title: "exception.common.method_not_allowed" }] }, { status: 405 });
  const data = await loadSearchInit(request, context, { withFilters: true });
  return json({ code: 200, data }, { headers: privateAnswer() });
}

export function loader(_args: LoaderFunctionArgs) {
  return json(
    { code: 405, errors: [{ code: 405, title: "exception.common.method_not_allowed" }] },
    { status: 405, headers: { Allow: "POST" } },
  );
}
