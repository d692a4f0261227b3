import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { FAVORITE_ERRORS, FAVORITES_LIMIT, USER_LIST_PAGE_SIZE } from "../../contract/favorites";
import { isValidProfileUsername } from "../../contract/validation";
import { favoritesOps } from "../../contract/operations/favorites";
import { addFavorite, favoriteList, removeFavorite } from "./service";
import { visitorList } from "./visits";

/** A name no username can have names nobody: 404 before any lookup. */
function usernameOf(raw: string | undefined): string {
  if (!raw || !isValidProfileUsername(raw)) throw fail.notFound(FAVORITE_ERRORS.notFound);
  return raw;
}

const FILTERS =
  "Filters (section 3): only_show_type (repeatable), gender, user_type, age (18-25, 26-35, 36-45, 45+), race_type, figure_type, meeting_option " +
  `(option ids, repeatable), city (id). page_size default ${USER_LIST_PAGE_SIZE}. Facets figure_type and race_type; cities of the list. ` +
  "Only listed profiles, never across a block. Unknown parameters are 400.";

/** The favorites and visitors groups (spec section 7): always the caller's own lists. */
export function registerFavorites({ v2 }: ModuleContext): void {
  v2.add(
    favoritesOps.list,
    {
      summary:
        "The caller's favorites: type 1 whom they keep, type 2 who keeps them (plus only; without plus `locked` with the count only). " +
        FILTERS,
      tag: "favorites",
      auth: "required",
      statuses: [400, 401],
    },
    async (c, { user, query }) => ok(c, await favoriteList(c.get("deps"), user!, query)),
  );
  v2.add(
    favoritesOps.add,
    {
      summary: `Keeps a profile (again: no change). 400 exception.favorites.self, 403 for staff, 404 unknown, unlisted or blocked either way, 409 at ${FAVORITES_LIMIT}.`,
      tag: "favorites",
      auth: "required",
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user }) => ok(c, await addFavorite(c.get("deps"), user!, usernameOf(c.req.param("username")))),
  );
  v2.add(
    favoritesOps.remove,
    {
      summary: "Stops keeping a profile (not kept: no change). 404 unknown, unlisted or blocked either way.",
      tag: "favorites",
      auth: "required",
      statuses: [400, 401, 404],
    },
    async (c, { user }) => ok(c, await removeFavorite(c.get("deps"), user!, usernameOf(c.req.param("username")))),
  );
  v2.add(
    favoritesOps.visitors,
    {
      summary:
        "The caller's visits (once per member, profile and day; none from invisible plus members or staff; 90 days): type 1 who looked at them " +
        "(plus only; without plus `locked` with the count only), type 2 whom they looked at. " +
        FILTERS,
      tag: "visitors",
      auth: "required",
      statuses: [400, 401],
    },
    async (c, { user, query }) => ok(c, await visitorList(c.get("deps"), user!, query)),
  );
}
