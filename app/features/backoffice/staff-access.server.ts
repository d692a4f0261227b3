/**
 * The one question every back-office page's loader and action asks before anything else (ADR 116): may this viewer
 * use the page's permission of the staff matrix (contract/staff-permissions)? Anyone who may not — guests, members,
 * and team accounts on a backend-only page — gets the 404 of a page that does not exist. The API asks the same matrix
 * again on every call; this only keeps the page from existing for those it is not for.
 */
import type { AppLoadContext } from "@remix-run/node";
import { userTypeMay, type StaffPermission } from "#server/contract/staff-permissions";
import { loadViewer, type Viewer } from "~/api/viewer.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const staffPageNotFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

export async function requireStaffPage(request: Request, context: AppLoadContext, permission: StaffPermission): Promise<Viewer> {
  const viewer = await loadViewer(request, context);
  if (!viewer || !userTypeMay(viewer.profile.userType, permission)) throw staffPageNotFound();
  return viewer;
}
