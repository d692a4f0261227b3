/**
 * GET /node/forum/meta (ADR 139): what the forum's meta interface script shows of the member — whether they are
 * signed in and their unread messages and notifications, two numbers and nothing that names them. Readable from
 * another origin only by the configured forum's (CORS with credentials); never cached. 404 without a forum.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { fetchForumOverview } from "~/api/forum.server";
import { loadViewer } from "~/api/viewer.server";
import { privateAnswer } from "~/utils/cache-headers";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const overview = await fetchForumOverview(createApiClient({ request, context }));
  const headers = new Headers({ ...privateAnswer(), Vary: "Origin, Cookie" });
  if (!overview.ok || !overview.data.url) return json({ signed_in: false }, { status: 404, headers });
  const forumOrigin = new URL(overview.data.url).origin;
  if (request.headers.get("origin") === forumOrigin) {
    headers.set("Access-Control-Allow-Origin", forumOrigin);
    headers.set("Access-Control-Allow-Credentials", "true");
  }
  const viewer = await loadViewer(request, context);
  const body = viewer
    ? { signed_in: true, messages: viewer.messenger.unreadMessages, notifications: viewer.notifications.unread }
    : { signed_in: false };
  return json(body, { headers });
}
