/** The favorites group's public face for other modules. */
export { favoriteRelation } from "./relation";
