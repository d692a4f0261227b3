import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { fetchOutbox } from "~/api/dev.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/**
 * Dev mailbox (DEV_ROUTES, off in production): what the embedded mailer
 * "sent". QA and the e2e tests read verification and reset links here.
 */
export async function loadDevMailbox({ request, context }: LoaderFunctionArgs) {
  const to = new URL(request.url).searchParams.get("to") ?? "";
  const api = createApiClient({ request, context });
  const result = await fetchOutbox(api, { to: to || undefined, limit: 50 });
  if (!result.ok) throw new Response("Not found", { status: 404 });
  return data({ mails: result.data, to }, { headers: PRIVATE_HEADERS });
}
