/** The account group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { confirmDeletionSchema, deleteAccountSchema } from "../settings";

export const accountOps = {
  state: defineOperation({ method: "get", path: "/api/v2/user/account-state", response: "AccountState" }),
  /** The member pauses, deactivates or resumes their own account. */
  status: {
    pause: defineOperation({ method: "post", path: "/api/v2/user/pause", response: "AccountState" }),
    deactivate: defineOperation({ method: "post", path: "/api/v2/user/deactivate", response: "AccountState" }),
    resume: defineOperation({ method: "post", path: "/api/v2/user/resume", response: "AccountState" }),
  },
  requestDeletion: defineOperation({ method: "post", path: "/api/v2/user/delete", body: deleteAccountSchema, response: "AccountState" }),
  cancelDeletion: defineOperation({ method: "delete", path: "/api/v2/user/delete", response: "AccountState" }),
  confirmDeletion: defineOperation({
    method: "post",
    path: "/api/v2/user/delete/confirm",
    body: confirmDeletionSchema,
    response: "AccountDeleted",
  }),
};
