/** The moderation group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { queueQuerySchema, rejectSchema } from "../moderation";

export const moderationOps = {
  queue: defineOperation({ method: "get", path: "/api/v2/backoffice/queue", query: queueQuerySchema, response: "ModerationQueue" }),
  /** The back office's decision on a waiting photo (media) or profile text (texts). */
  decide: {
    media: {
      accept: defineOperation({ method: "post", path: "/api/v2/backoffice/media/:id/accept", response: "ModerationDecision" }),
      reject: defineOperation({
        method: "post",
        path: "/api/v2/backoffice/media/:id/reject",
        body: rejectSchema,
        response: "ModerationDecision",
      }),
    },
    texts: {
      accept: defineOperation({ method: "post", path: "/api/v2/backoffice/texts/:id/accept", response: "ModerationDecision" }),
      reject: defineOperation({
        method: "post",
        path: "/api/v2/backoffice/texts/:id/reject",
        body: rejectSchema,
        response: "ModerationDecision",
      }),
    },
  },
  mine: defineOperation({ method: "get", path: "/api/v2/moderation/my", response: "MyModeration" }),
};
