/** The favorite forms of the profile page (issue 11): keep the profile, or stop keeping it. */
import { addFavorite, removeFavorite } from "~/api/favorites.server";
import { refusedBy, type ProfileActionHandler } from "./types";

export const FAVORITE_ACTIONS: Record<string, ProfileActionHandler> = {
  favorite: async ({ api, username }) => {
    const result = await addFavorite(api, username);
    return result.ok ? { done: "favorited" } : refusedBy("favorite", result);
  },
  unfavorite: async ({ api, username }) => {
    const result = await removeFavorite(api, username);
    return result.ok ? { done: "unfavorited" } : refusedBy("unfavorite", result);
  },
};
