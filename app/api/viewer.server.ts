import { redirect, type AppLoadContext } from "@remix-run/node";
import { authOps } from "#server/contract/operations/auth";
import type { Language } from "#server/contract/locales";
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

/** The layout's data from one call (ADR 148): the viewer and the announcement bar's items. */
export interface ViewerShell {
  viewer: Viewer;
  announcements: DataOf<typeof authOps.userShell>["announcements"]["items"];
}

/**
 * The layout's viewer and announcements in one API call (GET /user/shell, ADR 148), for a request with a token whose
 * viewer nobody asked for yet: the call then also answers loadViewer for the rest of this page request. Null when it
 * does not apply (a guest, a form post, the viewer already asked for) or the call failed: the caller asks the usual
 * way. `dismissed`: the announcement ids of the guest cookie.
 */
export function loadViewerShell(
  request: Request,
  context: AppLoadContext | undefined,
  lang: Language,
  dismissed: readonly number[],
): Promise<ViewerShell | null> | null {
  if (!context || (request.method !== "GET" && request.method !== "HEAD") || viewers.has(context)) return null;
  const api = createApiClient({ request, context });
  if (!api.session.token) return null;
  const shell = api
    .op(authOps.userShell, { query: { lang, ...(dismissed.length > 0 ? { dismissed: dismissed.join(",") } : {}) }, handleErrors: true })
    .then((result) => (result.ok ? { viewer: result.data.user, announcements: result.data.announcements.items } : null));
  // Set before any await: the page's own loaders, started beside this one, share the call.
  viewers.set(
    context,
    shell.then((answer) => answer?.viewer ?? fetchViewer(request, context)),
  );
  return shell;
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
