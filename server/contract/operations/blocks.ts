/** The blocks group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";

export const blocksOps = {
  list: defineOperation({ method: "get", path: "/api/v2/block", response: "BlockList" }),
  block: defineOperation({ method: "post", path: "/api/v2/block/:username", response: "BlockList" }),
  unblock: defineOperation({ method: "delete", path: "/api/v2/block/:username", response: "BlockList" }),
};
