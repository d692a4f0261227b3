import { redirect, type AppLoadContext } from "@remix-run/node";
import { authOps } from "#server/contract/operations/auth";
import { ANNOUNCEMENTS_DISMISSED_COOKIE } from "#server/contract/shared-cache";
import { languageFromPath } from "~/i18n/lang";
import { parseCookies } from "~/session/session.server";
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
  // A page's viewer comes with the layout's announcements in one call (ADR 148), whoever asks first.
  const viewer = reads ? viewerOfShell(request, context) : fetchViewer(request, context);
  if (reads) viewers.set(context, viewer);
  return viewer;
}

/** What the layout shows on every signed-in page, from one call (GET /user/shell, ADR 148). */
export interface ViewerShell {
  viewer: Viewer;
  announcements: DataOf<typeof authOps.userShell>["announcements"]["items"];
}

/** The most announcement ids the guest cookie keeps (the newest). */
export const ANNOUNCEMENTS_DISMISSED_MAX = 20;

/** One shell per page request (GET only), like the viewer. */
const shells = new WeakMap<AppLoadContext, Promise<ViewerShell | null>>();

/** The announcement ids a visitor dismissed without an account (one cookie, at most 20, newest last). */
export function dismissedAnnouncements(request: Request): number[] {
  const raw = parseCookies(request.headers.get("cookie")).get(ANNOUNCEMENTS_DISMISSED_COOKIE) ?? "";
  return raw
    .split(",")
    .filter((part) => /^[1-9]\d{0,8}$/.test(part))
    .map(Number)
    .slice(-ANNOUNCEMENTS_DISMISSED_MAX);
}

/**
 * The signed-in viewer's shell for this page request: the viewer and the announcements in the path's language, one
 * API call shared by the layout and the page's loaders. Null for a guest, a form post, or when the call failed (the
 * callers then ask /user/data and the announcements the usual way).
 */
export function loadViewerShell(request: Request, context: AppLoadContext | undefined): Promise<ViewerShell | null> {
  if (!context || (request.method !== "GET" && request.method !== "HEAD")) return Promise.resolve(null);
  const known = shells.get(context);
  if (known) return known;
  const shell = fetchShell(request, context);
  shells.set(context, shell);
  return shell;
}

async function fetchShell(request: Request, context: AppLoadContext): Promise<ViewerShell | null> {
  const api = createApiClient({ request, context });
  if (!api.session.token) return null;
  const dismissed = dismissedAnnouncements(request);
  const result = await api.op(authOps.userShell, {
    query: { lang: api.language, ...(dismissed.length > 0 ? { dismissed: dismissed.join(",") } : {}) },
    handleErrors: true,
  });
  return result.ok ? { viewer: result.data.user, announcements: result.data.announcements.items } : null;
}

async function viewerOfShell(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  const shell = await loadViewerShell(request, context);
  return shell ? shell.viewer : await fetchViewer(request, context);
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
