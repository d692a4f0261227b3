/**
 * Resource route for the sign-up forms' live check (JavaScript only):
 * ?username=… or ?email=… → { available: boolean | null }. null means
 * "unknown" (limit reached, bad input); the form then just waits for the
 * server check on submit.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { checkUnique } from "~/api/registration.server";
import { privateAnswer } from "~/utils/cache-headers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const username = url.searchParams.get("username") ?? undefined;
  const email = url.searchParams.get("email") ?? undefined;
  const api = createApiClient({ request, context });
  const result = await checkUnique(api, { username, email });
  return data({ available: result.ok ? result.data.available : null }, { headers: privateAnswer() });
}
