/** The favorites group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { userListQuerySchema } from "../favorites";

export const favoritesOps = {
  list: defineOperation({ method: "get", path: "/api/v2/favorites", query: userListQuerySchema, response: "UserList" }),
  add: defineOperation({ method: "post", path: "/api/v2/favorites/:username", response: "FavoriteChange" }),
  remove: defineOperation({ method: "delete", path: "/api/v2/favorites/:username", response: "FavoriteChange" }),
  visitors: defineOperation({ method: "get", path: "/api/v2/visitors", query: userListQuerySchema, response: "UserList" }),
};
