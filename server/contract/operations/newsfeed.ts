/** The newsfeed's operation (ADR 062, 067, 095). */
import { defineOperation } from "../operation";
import { newsfeedQuerySchema } from "../newsfeed";

export const newsfeedOps = {
  page: defineOperation({ method: "get", path: "/api/v2/newsfeed", query: newsfeedQuerySchema, response: "NewsfeedPage" }),
};
