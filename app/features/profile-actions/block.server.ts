/** Block from the profile (spec section 7 "block"): the profile then disappears from view, so the answer is the block list. */
import { blockMember } from "~/api/blocks.server";
import { localePath } from "~/i18n/lang";
import { profileAction, type ProfileAction } from "./types";

export const BLOCK_ACTIONS: Record<string, ProfileAction> = {
  block: profileAction({}, async ({ api, lang, username }) => {
    const result = await blockMember(api, username);
    if (!result.ok) return { failure: result };
    // The blocked profile answers 404 from now on: the block list confirms it instead.
    return { done: "blocked", to: `${localePath(lang, "user/first_contact_filter_and_blocklist")}?saved=block` };
  }),
};
