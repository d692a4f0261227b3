/** The batch operation (ADR 062): several named calls in one round trip. */
import { batchSchema } from "../batch";
import { defineOperation } from "../operation";

export const batchOps = {
  // The results are named by the caller's own keys: never camelized (each call's body is, by its own descriptor).
  batch: defineOperation({ method: "post", path: "/api/v2/batch", body: batchSchema, response: "BatchResults", camelize: false }),
};
