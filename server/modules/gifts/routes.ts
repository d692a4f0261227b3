import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { GIFT_MAX, GIFT_MIN, GIFT_PAGE_SIZE, GIFT_RETURN_DAYS, TOKEN_REWARDS } from "../../contract/gifts";
import { giftsOps } from "../../contract/operations/gifts";
import { chooseGiftRecipient } from "./goods";
import { claimRewards, rewardList, shareState } from "./rewards";
import { giftDetail, giveGiftBack, listGifts, sendGift } from "./service";

const PRIVATE = "private, no-store";
const giftIdOf = (raw: string | undefined) => rowIdParam(raw, "exception.gifts.not_found");
const NOT_MINE = " A gift the viewer neither sent nor received answers 404 exception.gifts.not_found, like an unknown id.";

/** Gifts, token rewards and the share page (issue 27 item 4, ADR 085). Every route answers for the signed-in member only. */
export function registerGifts({ v2 }: ModuleContext): void {
  const base = { tag: "wallets", auth: "required" } as const;
  v2.add(
    giftsOps.send,
    {
      ...base,
      summary: `Sends a gift of ${GIFT_MIN}–${GIFT_MAX} dollars (optional message) to a member by username, at once (GIFT). Answers the token operation (succeeded or insufficient) with the gift's id; a retry with the same key answers the first result. 400 exception.gifts.self; 404 exception.gifts.user_not_found (also across a block); 409 a key reused for another request.`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { user, body }) => ok(c, await sendGift(c.get("deps"), user!.id, body)),
  );
  v2.add(
    giftsOps.list,
    {
      ...base,
      summary: `The viewer's sent or received gifts (direction), newest first, ${GIFT_PAGE_SIZE} a page.`,
      statuses: [400, 401],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await listGifts(c.get("deps"), user!.id, query.direction, query.page));
    },
  );
  v2.add(
    giftsOps.detail,
    { ...base, summary: `One gift the viewer sent or received.${NOT_MINE}`, statuses: [401, 404] },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await giftDetail(c.get("deps"), user!.id, giftIdOf(c.req.param("id"))));
    },
  );
  v2.add(
    giftsOps.giveBack,
    {
      ...base,
      summary: `RESUME_GIFT: the receiver sends a gift back to its sender within ${GIFT_RETURN_DAYS} days, once (asking again answers the returned gift). 409 exception.gifts.return_expired, exception.gifts.return_insufficient (the wallet no longer covers it).${NOT_MINE}`,
      statuses: [401, 404, 409],
    },
    async (c, { user }) => ok(c, await giveGiftBack(c.get("deps"), user!.id, giftIdOf(c.req.param("id")))),
  );
  v2.add(
    giftsOps.membershipRecipient,
    {
      ...base,
      summary:
        "Chooses whom the viewer's next gift membership (checkout goods gift) is for: the checkout's goods step then offers that member's one-off plus packages. 400 exception.gifts.self; 404 exception.gifts.user_not_found; 409 exception.gifts.no_plus_for_member.",
      statuses: [400, 401, 404, 409],
    },
    async (c, { user, body }) => ok(c, await chooseGiftRecipient(c.get("deps"), user!.id, body.username)),
  );
  v2.add(
    giftsOps.rewards,
    {
      ...base,
      summary: `The token rewards (${TOKEN_REWARDS.map((r) => `${r.kind} ${r.dollars}`).join(", ")} dollars), each once per member: whether and when the viewer got it, and whether it is earned but not granted yet (claimable). Reads only: nothing is granted here.`,
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await rewardList(c.get("deps"), user!.id));
    },
  );
  v2.add(
    giftsOps.claimRewards,
    {
      ...base,
      summary:
        "Grants every token reward the viewer earned and lacks (actions from before rewards existed, or completed where no hook grants them) and answers the list as GET /wallets/rewards. Each reward's ledger key is reward:<kind>:<member>: a repeated or parallel claim grants nothing more.",
      statuses: [401],
    },
    async (c, { user }) => ok(c, await claimRewards(c.get("deps"), user!.id)),
  );
  v2.add(
    giftsOps.share,
    {
      ...base,
      summary:
        "The viewer's personal invitation code (made on first use), how many signed up with it, how many verified, and the dollars it earned.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await shareState(c.get("deps"), user!.id));
    },
  );
}
