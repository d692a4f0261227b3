/** HTTP of paid media (issue 28 items 2, 4, 7; ADR 093): access and puzzle, buy-puzzle-medium, creator content. */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { PUBLISH_AT_MAX_DAYS } from "../../contract/creator-media";
import { PPV_PRICE_MAX, PPV_PRICE_MIN } from "../../contract/creators";
import { creatorMediaOps } from "../../contract/operations/creator-media";
import {
  applyCreatorDefaults,
  buyPuzzleMedium,
  creatorDefaults,
  creatorMedium,
  creatorMediaList,
  puzzleMediumQuote,
  saveCreatorDefaults,
  saveCreatorMedium,
  setMediumAccess,
} from "./service";

const PRIVATE = "private, no-store";
const OWN = "Only the caller's own media: another member's id is 404, like a missing one, and nothing changes.";
const PRICE = `a whole number of dollars, ${PPV_PRICE_MIN}-${PPV_PRICE_MAX}`;

export function registerCreatorMedia({ v2, deps }: ModuleContext): void {
  const idOf = (value: string | undefined) => rowIdParam(value);
  const owner = (user: { id: number; userType: number } | null) => ({ id: user!.id, userType: user!.userType });

  v2.add(
    creatorMediaOps.access,
    {
      tag: "media",
      auth: "required",
      summary: `Sets who may open one medium beyond its visibility: open, fans (a paid-for fan subscription to the owner) or ppv (bought on its own; price ${PRICE}). Only escorts and businesses make media paid (403); the avatar and the cover stay open (400). Buyers keep what they bought. ${OWN}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await setMediumAccess(deps, owner(user), idOf(c.req.param("id")), body)),
  );
  v2.add(
    creatorMediaOps.puzzle,
    {
      tag: "media",
      auth: "required",
      summary: `puzzle photo: makes one medium a pay-per-view ("puzzle") medium at a price (${PRICE}). ${OWN}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) =>
      ok(c, await setMediumAccess(deps, owner(user), idOf(c.req.param("id")), { access: "ppv", price: body.price })),
  );
  v2.add(
    creatorMediaOps.puzzleCancel,
    {
      tag: "media",
      auth: "required",
      summary: `puzzle cancel: the medium is open again (no price); whoever bought it keeps it. ${OWN}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await setMediumAccess(deps, owner(user), idOf(c.req.param("id")), { access: "open" })),
  );

  v2.add(
    creatorMediaOps.buyQuote,
    {
      tag: "wallets",
      auth: "required",
      summary:
        "The confirmation of buy-puzzle-medium: the medium's blurred preview, owner and price, the caller's balance and the balance after (null when it does not cover the price), whether the caller bought it already. 400 own medium, 403 staff, 404 unknown or not visible, 409 not for sale.",
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await puzzleMediumQuote(deps, user!.id, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    creatorMediaOps.buy,
    {
      tag: "wallets",
      auth: "required",
      summary:
        "buy-puzzle-medium: buys a pay-per-view medium with dollars under the client's idempotency key; the price goes to the owner's pending earnings (CONSUME, reference medium:{id}) and the caller owns the medium from then on. A retry with the key answers the first purchase (replayed). 400 own medium, 402 the wallet does not cover it (params price, balance; nothing moved), 403 staff, 404 unknown or not visible, 409 not for sale, already bought, or a key used for another medium.",
      statuses: [400, 401, 402, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await buyPuzzleMedium(deps, user!.id, { id: body.id, key: body.key })),
  );

  v2.add(
    creatorMediaOps.defaults,
    {
      tag: "creator-content",
      auth: "required",
      summary: "The caller's defaults for new media: the ppv price offered and whether content-create uploads start fans-only.",
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await creatorDefaults(deps, user!.id));
    },
  );
  v2.add(
    creatorMediaOps.saveDefaults,
    {
      tag: "creator-content",
      auth: "required",
      summary: `content-create-setup/price: saves the default ppv price (${PRICE}) and whether new media start fans-only. Escorts and businesses only (403).`,
      statuses: [400, 401, 403],
    },
    async (c, { user, body }) => ok(c, await saveCreatorDefaults(deps, owner(user), body)),
  );
  v2.add(
    creatorMediaOps.list,
    {
      tag: "creator-content",
      auth: "required",
      summary:
        "content-create: the caller's accepted and pending media to pick from, newest first (60 at most), with their access, price and publication, and the caller's defaults. Escorts and businesses only (403).",
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await creatorMediaList(deps, owner(user)));
    },
  );
  v2.add(
    creatorMediaOps.applyDefaults,
    {
      tag: "creator-content",
      auth: "required",
      summary:
        "Media just uploaded through content-create take the caller's defaults (fans-only when chosen; never the avatar or cover). Other members' ids change nothing.",
      statuses: [400, 401],
    },
    async (c, { user, body }) => {
      await applyCreatorDefaults(deps, owner(user), body.ids);
      return ok(c, await creatorDefaults(deps, user!.id));
    },
  );
  v2.add(
    creatorMediaOps.medium,
    {
      tag: "creator-content",
      auth: "required",
      summary: `content-create/{id}: one of the caller's media with its visibility, access, price and publication. ${OWN}`,
      statuses: [401, 403, 404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await creatorMedium(deps, owner(user), idOf(c.req.param("id"))));
    },
  );
  v2.add(
    creatorMediaOps.saveMedium,
    {
      tag: "creator-content",
      auth: "required",
      summary: `content-create/{id}: saves visibility, access, price (ppv: ${PRICE}) and the scheduled publication (publish_at, epoch ms, ahead and at most ${PUBLISH_AT_MAX_DAYS} days; null: once accepted) at once. Until then the medium exists only for its owner and staff (gallery, newsfeed, files). ${OWN}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await saveCreatorMedium(deps, owner(user), idOf(c.req.param("id")), body)),
  );
}
