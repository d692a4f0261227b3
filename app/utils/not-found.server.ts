import { i18nServer } from "~/i18n/i18next.server";
import { GUEST_MAX_AGE, guestPage } from "./cache-headers";

/**
 * A real 404 for a page route, carrying its translated title so the route's
 * meta can name the error page (meta sees the thrown response as `error`).
 */
export async function notFoundResponse(request: Request): Promise<Response> {
  const t = await i18nServer.getFixedT(request);
  return Response.json({ title: t("error_page.not_found.title") }, { status: 404, headers: guestPage(GUEST_MAX_AGE.notFound) });
}
