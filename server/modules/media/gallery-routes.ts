/** HTTP of the member's gallery (spec section 7 "media and gallery": my, delete, album ordering, visibility, watermark, avatar, positions, move-to-top, cover). */
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { GALLERY_PAGE_SIZE, WATERMARK_CHANGES_PER_HOUR, type OwnMediaItem } from "../../contract/media-gallery";
import { mediaOps } from "../../contract/operations/media";
import {
  deleteMedia,
  galleryPage,
  mediaIdOf,
  requestFakeCheck,
  saveWatermark,
  setAlbumOrdering,
  setMediaAvatar,
  setMediaCover,
  setMediaPosition,
  setMediaVisibility,
} from "./gallery";

const OWN = "Only the caller's own media: another member's id is 404, like a missing one, and nothing changes.";

export function registerGallery({ v2, deps }: ModuleContext): void {
  /** A change to one of the caller's own items that needs no body: answers the item as it is now. */
  const ownItemAction = (
    operation: (typeof mediaOps)["moveToTop" | "avatar" | "cover" | "fakeCheck"],
    summary: string,
    statuses: number[],
    run: (userId: number, mediaId: number) => Promise<OwnMediaItem>,
  ) =>
    v2.add(
      operation,
      {
        summary: `${summary} ${OWN}`,
        tag: "media",
        auth: "required",
        statuses,
      },
      async (c, { user }) => ok(c, await run(user!.id, mediaIdOf(c.req.param("id")))),
    );

  v2.add(
    mediaOps.gallery,
    {
      summary: `One page (${GALLERY_PAGE_SIZE} items, ?page=1…) of the caller's media in gallery order with status, visibility, position, avatar, cover, fake check and whether the watermark is applied; plus the watermark settings, the changes left this hour and the visibilities the caller may choose.`,
      tag: "media",
      auth: "required",
      statuses: [400, 401],
    },
    async (c, { user, query }) => ok(c, await galleryPage(deps, { id: user!.id, userType: user!.userType }, query.page)),
  );

  v2.add(
    mediaOps.watermark,
    {
      summary: `Saves the watermark (enabled, color white|inverse|official, corner top_left|top_right|bottom_left|bottom_right, opacity 35-100). A change re-renders every photo's derived images in the background from the private master; at most ${WATERMARK_CHANGES_PER_HOUR} changes per hour (then 429 with Retry-After).`,
      tag: "media",
      auth: "required",
      statuses: [400, 401, 429],
    },
    async (c, { user, body }) => ok(c, await saveWatermark(deps, user!.id, body)),
  );

  v2.add(
    mediaOps.albumOrdering,
    {
      summary: "Reorders the whole gallery: ids lists every media id of the caller exactly once, in the new order (else 400).",
      tag: "media",
      auth: "required",
      statuses: [400, 401],
    },
    async (c, { user, body }) => ok(c, await setAlbumOrdering(deps, user!.id, body.ids)),
  );

  v2.add(
    mediaOps.visibility,
    {
      summary: `Sets one item's visibility (public, logged_in, plus_member, fsk18, private; clients only logged_in, plus_member, private). ${OWN}`,
      tag: "media",
      auth: "required",
      statuses: [400, 401, 404],
    },
    async (c, { user, body }) =>
      ok(c, await setMediaVisibility(deps, { id: user!.id, userType: user!.userType }, mediaIdOf(c.req.param("id")), body.visibility)),
  );

  v2.add(
    mediaOps.position,
    {
      summary: `Moves one item to a 0-based place in the whole gallery (beyond the end: last); the others close up. ${OWN}`,
      tag: "media",
      auth: "required",
      statuses: [400, 401, 404],
    },
    async (c, { user, body }) => ok(c, await setMediaPosition(deps, user!.id, mediaIdOf(c.req.param("id")), body.position)),
  );

  ownItemAction(mediaOps.moveToTop, "Moves one item to the first place of the gallery.", [401, 404], (userId, id) =>
    setMediaPosition(deps, userId, id, 0),
  );
  ownItemAction(mediaOps.avatar, "Makes one photo the avatar (the previous one stops being it).", [400, 401, 404], (userId, id) =>
    setMediaAvatar(deps, userId, id),
  );
  ownItemAction(mediaOps.cover, "Makes one photo the profile's cover (the previous one stops being it).", [400, 401, 404], (userId, id) =>
    setMediaCover(deps, userId, id),
  );
  ownItemAction(
    mediaOps.fakeCheck,
    "Asks the team to check that a photo is real: fake check none or rejected → pending (already pending or accepted: 409).",
    [401, 404, 409],
    (userId, id) => requestFakeCheck(deps, userId, id),
  );

  v2.add(
    mediaOps.remove,
    {
      summary: `Deletes one item and its files; a deleted avatar passes to the first remaining photo; one somebody bought (alone or in a bundle) stays while the account exists (409 exception.media.bought). ${OWN}`,
      tag: "media",
      auth: "required",
      statuses: [401, 404, 409],
    },
    async (c, { user }) => ok(c, await deleteMedia(deps, user!.id, mediaIdOf(c.req.param("id")))),
  );
}
