import { redirect, type AppLoadContext } from "@remix-run/node";
import { authOps } from "#server/contract/operations/auth";
import { languageFromPath } from "~/i18n/lang";
import { createApiClient, type DataOf } from "./client.server";

/** The signed-in user as the header and dashboards need them: /user/data, camelized (contract/user-data). */
export type Viewer = DataOf<typeof authOps.userData>;

/** One viewer per request: the layout, the page and its components all ask, the API is asked once. */
const viewers = new WeakMap<AppLoadContext, Promise<Viewer | null>>();

/**
 * The viewer, or null for guests (an invalid token reads as a guest). Asked of the API once per page
 * request, however many loaders want it: the memo lives on the request's load context. A form post
 * asks afresh, since its action may have changed what the viewer is.
 */
export function loadViewer(request: Request, context: AppLoadContext | undefined): Promise<Viewer | null> {
  // Outside a request (a loader called directly, e.g. by a test) there is nobody signed in.
  if (!context) return Promise.resolve(null);
  const reads = request.method === "GET" || request.method === "HEAD";
  const known = reads ? viewers.get(context) : undefined;
  if (known) return known;
  const viewer = fetchViewer(request, context);
  if (reads) viewers.set(context, viewer);
  return viewer;
}

async function fetchViewer(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  const api = createApiClient({ request, context });
  if (!api.session.token) return null;
  const result = await api.op(authOps.userData, { handleErrors: true });
  return result.ok ? result.data : null;
}

/** For pages that need login: guests go to /{lang}/login?r={current path}. */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await loadViewer(request, context);
  if (viewer) return viewer;
  const url = new URL(request.url);
  const lang = languageFromPath(url.pathname) ?? "de";
  throw redirect(`/${lang}/login?r=${encodeURIComponent(url.pathname + url.search)}`);
}
