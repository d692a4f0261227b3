/** The gifts group's operations (issue 27 item 4, ADR 062, 085): gifts of dollars, gift membership, token rewards, share. */
import { giftListQuerySchema, giftRecipientSchema, sendGiftSchema } from "../gifts";
import { defineOperation } from "../operation";

export const giftsOps = {
  send: defineOperation({ method: "post", path: "/api/v2/gifts", body: sendGiftSchema, response: "GiftSent" }),
  list: defineOperation({ method: "get", path: "/api/v2/gifts", query: giftListQuerySchema, response: "GiftList" }),
  detail: defineOperation({ method: "get", path: "/api/v2/gifts/:id", response: "GiftItem" }),
  /** RESUME_GIFT: the receiver sends a received gift back to its sender. */
  giveBack: defineOperation({ method: "post", path: "/api/v2/gifts/:id/return", response: "GiftItem" }),
  membershipRecipient: defineOperation({
    method: "post",
    path: "/api/v2/gifts/membership-recipient",
    body: giftRecipientSchema,
    response: "GiftRecipient",
  }),
  rewards: defineOperation({ method: "get", path: "/api/v2/wallets/rewards", response: "TokenRewardList" }),
  /** Grants every reward the viewer earned and lacks (the GET only reads); answers the list as GET does. */
  claimRewards: defineOperation({ method: "post", path: "/api/v2/wallets/rewards/claim", response: "TokenRewardList" }),
  share: defineOperation({ method: "get", path: "/api/v2/wallets/share", response: "ShareState" }),
};
