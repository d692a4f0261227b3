/** The favorites group's public face for other modules. */
export { favoriteRelation } from "./relation";
export { favoritesPerDay } from "./service";
export { recordProfileVisit, type ProfileVisit } from "./visits";
export { ownListsForExport } from "./export";
