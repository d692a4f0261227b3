/** HTTP of bundles (issue 28 item 1, ADR 092; spec section 7 "bundles"): the creator's bundles, the profile tab, buying, the team's queue. */
import { rowIdParam } from "../../api/params";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { BUNDLE_ERRORS } from "../../contract/bundles";
import { bundlesOps } from "../../contract/operations/bundles";
import { blurredPreview } from "./preview";
import {
  bundleDetail,
  bundleQueue,
  buyBundle,
  createBundle,
  creatorBundles,
  decideBundle,
  deleteBundle,
  myBundle,
  myBundles,
  previewSource,
  publishBundle,
  purchasedBundles,
  selectableMedia,
  setBundleActive,
  updateBundle,
} from "./service";

const PRIVATE = "private, no-store";
const STAFF_NOTE = "Team (10) and backend (9) accounts only: 403 exception.backoffice.staff_only for everyone else.";
const OWNER_NOTE = "Another member's bundle answers 404 like a missing one.";

/** A path id that is no row id names nothing: 404, like a missing bundle. */
const idOf = (raw: string | undefined) => rowIdParam(raw, BUNDLE_ERRORS.notFound);

export function registerBundles({ v2 }: ModuleContext): void {
  // The fixed paths first: /bundles/my is no bundle id.
  v2.add(
    bundlesOps.mine,
    {
      tag: "bundles",
      auth: "required",
      summary: "The caller's own bundles (not deleted), newest first, with status, media, sales; may_create for escorts and businesses.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await myBundles(c.get("deps"), user!.id));
    },
  );
  v2.add(
    bundlesOps.selectableMedia,
    {
      tag: "bundles",
      auth: "required",
      summary:
        "What a bundle may hold (step creation_selection): the caller's accepted photos and videos, not the avatar. 403 for members who are no escort or business.",
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await selectableMedia(c.get("deps"), user!.id));
    },
  );
  v2.add(
    bundlesOps.purchased,
    {
      tag: "bundles",
      auth: "required",
      summary: "The bundles the caller bought (also deactivated or deleted ones), newest purchase first.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await purchasedBundles(c.get("deps"), user!.id));
    },
  );
  v2.add(
    bundlesOps.ofCreator,
    {
      tag: "bundles",
      auth: "optional",
      summary:
        "A creator's bundles for the profile tab: accepted and active ones, plus deactivated ones the caller owns; blurred previews and prices, never the media. 404 for an unknown, unlisted or blocked profile, or one that is no escort or business.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await creatorBundles(c.get("deps"), user, c.req.param("username") ?? ""));
    },
  );
  v2.add(
    bundlesOps.create,
    {
      tag: "bundles",
      auth: "required",
      summary:
        "Creates a draft bundle (action create): title 1–100 characters, description up to 2000, price 1–100 whole dollars, 1–33 media of the caller's accepted gallery (not the avatar), the cover one of them (default the first). 400 with the field's error, 403 for members who are no escort or business, 409 with 100 bundles.",
      statuses: [400, 401, 403, 409],
    },
    async (c, { user, body }) => ok(c, await createBundle(c.get("deps"), user!.id, body)),
  );
  v2.add(
    bundlesOps.own,
    { tag: "bundles", auth: "required", summary: `One of the caller's bundles to edit. ${OWNER_NOTE}`, statuses: [401, 404] },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await myBundle(c.get("deps"), user!.id, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    bundlesOps.update,
    {
      tag: "bundles",
      auth: "required",
      summary: `Saves the whole bundle again (the create body). A change of title, description, media or cover sends a pending or accepted bundle back to the team (pending); a price change alone does not. Media never leave a bundle that was bought (409). ${OWNER_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await updateBundle(c.get("deps"), user!.id, idOf(c.req.param("id")), body)),
  );
  v2.add(
    bundlesOps.publish,
    {
      tag: "bundles",
      auth: "required",
      summary: `Action publish: a draft or rejected bundle goes to the team's queue (pending). 409 from any other status. ${OWNER_NOTE}`,
      statuses: [401, 403, 404, 409],
    },
    async (c, { user }) => ok(c, await publishBundle(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  for (const [op, active] of [
    [bundlesOps.activate, true],
    [bundlesOps.deactivate, false],
  ] as const)
    v2.add(
      op,
      {
        tag: "bundles",
        auth: "required",
        summary: `Action ${active ? "activate: an accepted bundle is on sale again" : "deactivate: an accepted bundle is hidden from new buyers (its owners keep it)"}. 409 unless accepted. ${OWNER_NOTE}`,
        statuses: [401, 404, 409],
      },
      async (c, { user }) => ok(c, await setBundleActive(c.get("deps"), user!.id, idOf(c.req.param("id")), active)),
    );
  v2.add(
    bundlesOps.remove,
    {
      tag: "bundles",
      auth: "required",
      summary: `Action delete: the bundle is gone for everyone who did not buy it; its buyers keep it and its media. ${OWNER_NOTE}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await deleteBundle(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    bundlesOps.detail,
    {
      tag: "bundles",
      auth: "optional",
      summary:
        "One bundle for the caller with their balance: its media (with short-lived grants) for its buyers (for as long as the creator's account exists), its creator and staff; for anyone else only while it is on sale (accepted, active, not deleted) and the creator's profile is browsable, without media. 404 otherwise.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await bundleDetail(c.get("deps"), user, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    bundlesOps.buy,
    {
      tag: "bundles",
      auth: "required",
      summary:
        "Buys the bundle with dollars under the client's idempotency key (the dollars go to the creator's pending earnings, reference bundle:{id}); a retry with the key answers the first purchase (replayed). Nothing is charged when refused: 402 too few dollars (params price, balance), 403 one's own bundle or a staff account, 404 unknown, not visible, draft, pending, rejected, deactivated or deleted (not on sale to new buyers), 409 bought before, deactivated while it was bought, or the key used for another purchase.",
      statuses: [400, 401, 402, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await buyBundle(c.get("deps"), user!.id, idOf(c.req.param("id")), body.key)),
  );
  v2.add(
    bundlesOps.preview,
    {
      tag: "bundles",
      auth: "optional",
      summary:
        "The bundle's blurred preview (JPEG, 240 px): its cover's smallest variant blurred by the server. The same visibility as the bundle; 404 otherwise.",
      statuses: [404],
    },
    async (c, { user }) => {
      const deps = c.get("deps");
      const source = await previewSource(deps, user, idOf(c.req.param("id")));
      if (!source) return c.body(null, 404, { "Cache-Control": PRIVATE });
      const jpeg = await blurredPreview(deps, source);
      return c.body(new Uint8Array(jpeg), 200, {
        "Content-Type": "image/jpeg",
        "Content-Length": String(jpeg.byteLength),
        "X-Content-Type-Options": "nosniff",
        // Who may see a bundle depends on the viewer (blocks, members-only profiles): never a shared cache.
        "Cache-Control": "private, max-age=600",
        Vary: "Authorization",
      });
    },
  );
  v2.add(
    bundlesOps.queue,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Bundles waiting for the team, oldest first, 20 a page, with their media. ${STAFF_NOTE}`,
      statuses: [400, 401, 403],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await bundleQueue(c.get("deps"), user!.id, query.page));
    },
  );
  v2.add(
    bundlesOps.accept,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Accepts a pending bundle: on sale from now on; the creator is told in the bell. 404 unknown, 409 not pending. ${STAFF_NOTE}`,
      statuses: [401, 403, 404, 409],
      claim: { queue: "bundles", param: "id" },
    },
    async (c, { user }) => ok(c, await decideBundle(c.get("deps"), user!.id, idOf(c.req.param("id")), null)),
  );
  v2.add(
    bundlesOps.reject,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Rejects a pending bundle with a reason of the moderation list; the creator reads it translated and may publish again after an edit. 404 unknown, 409 not pending. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
      claim: { queue: "bundles", param: "id" },
    },
    async (c, { user, body }) => ok(c, await decideBundle(c.get("deps"), user!.id, idOf(c.req.param("id")), body.reason)),
  );
}
