import { isRouteErrorResponse } from "@remix-run/react";
import type { MetaDescriptor } from "@remix-run/node";

/** Meta for a route that threw (404 and the like): the error's title, never indexed, no canonical. */
export function errorMeta(error: unknown): MetaDescriptor[] {
  const title =
    isRouteErrorResponse(error) && typeof (error.data as { title?: unknown } | null)?.title === "string"
      ? (error.data as { title: string }).title
      : String(isRouteErrorResponse(error) ? error.status : 500);
  return [{ title }, { name: "robots", content: "noindex" }];
}
