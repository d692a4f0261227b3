/** The friends group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { friendKeySchema, friendListQuerySchema } from "../friends";

export const friendsOps = {
  list: defineOperation({ method: "get", path: "/api/v2/friends", query: friendListQuerySchema, response: "FriendList" }),
  request: defineOperation({ method: "post", path: "/api/v2/friends/request/:username", response: "FriendLinkAnswer" }),
  accept: defineOperation({ method: "post", path: "/api/v2/friends/accept", body: friendKeySchema, response: "FriendLinkAnswer" }),
  reject: defineOperation({ method: "post", path: "/api/v2/friends/reject", body: friendKeySchema, response: "FriendLinkAnswer" }),
  cancel: defineOperation({ method: "post", path: "/api/v2/friends/cancel", body: friendKeySchema, response: "FriendLinkAnswer" }),
  unfriend: defineOperation({ method: "delete", path: "/api/v2/friends/unfriend/:id", response: "FriendLinkAnswer" }),
  accepted: defineOperation({ method: "get", path: "/api/v2/friends/:username/accepted", response: "FriendLinkAnswer" }),
};
