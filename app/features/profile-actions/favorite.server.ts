/** The favorite forms of the profile page (issue 11): keep the profile, or stop keeping it. */
import { addFavorite, removeFavorite } from "~/api/favorites.server";
import { outcomeOf, profileAction, type ProfileAction } from "./types";

export const FAVORITE_ACTIONS: Record<string, ProfileAction> = {
  favorite: profileAction({}, async ({ api, username }) => outcomeOf(await addFavorite(api, username), "favorited")),
  unfavorite: profileAction({}, async ({ api, username }) => outcomeOf(await removeFavorite(api, username), "unfavorited")),
};
