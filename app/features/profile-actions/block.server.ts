/** Block from the profile (spec section 7 "block"): the profile then disappears from view, so the answer is the block list. */
import { blockMember } from "~/api/blocks.server";
import { localePath } from "~/i18n/lang";
import { refusedBy, type ProfileActionHandler } from "./types";

export const BLOCK_ACTIONS: Record<string, ProfileActionHandler> = {
  block: async ({ api, lang, username }) => {
    const result = await blockMember(api, username);
    if (!result.ok) return refusedBy("block", result);
    // The blocked profile answers 404 from now on: the block list confirms it instead.
    return { done: "blocked", to: `${localePath(lang, "user/first_contact_filter_and_blocklist")}?saved=block` };
  },
};
