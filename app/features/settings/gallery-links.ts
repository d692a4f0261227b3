/**
 * What the gallery page and its managing panel both draw: a photo's status colour and the page's own links (which
 * page, which photo open). Its own module, so that the panel, a chunk of its own (ADR 168), shares it with the page.
 */
import { MEDIA_STATUS } from "#server/contract/media";
import * as css from "./media-gallery.css";

export function statusClass(status: number): string {
  if (status === MEDIA_STATUS.accepted) return css.statusAccepted;
  if (status === MEDIA_STATUS.rejected) return css.statusRejected;
  return css.statusPending;
}

export function galleryHref(page: number, item?: number) {
  const query = new URLSearchParams({ page: String(page) });
  if (item !== undefined) query.set("item", String(item));
  return `?${query.toString()}${item !== undefined ? "#manage" : ""}`;
}
