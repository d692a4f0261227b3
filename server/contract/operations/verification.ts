/** Verification's operations (issue 30 item 2, ADR 062, 107): the member's checks, the team's queue, the staff-only photos. */
import { defineOperation } from "../operation";
import { verificationQueueQuerySchema, verificationRejectSchema, forceFakeCheckSchema } from "../verification";

export const verificationOps = {
  overview: defineOperation({ method: "get", path: "/api/v2/verification", response: "VerificationOverview" }),
  startWebcam: defineOperation({ method: "post", path: "/api/v2/verification/webcam/start", response: "OwnVerificationCheck" }),
  /** multipart/form-data: `photo`. */
  submitWebcam: defineOperation({ method: "post", path: "/api/v2/verification/webcam", response: "OwnVerificationCheck" }),
  /** multipart/form-data: `front`, optional `back`; kind id or prostschg. */
  submitDocument: defineOperation({ method: "post", path: "/api/v2/verification/document/:kind", response: "OwnVerificationCheck" }),
  /** A check's photo (JPEG), staff only: contract/verification verificationFilePath is its web address. */
  file: defineOperation({ method: "get", path: "/api/v2/verification/files/:id/:side" }),
  queue: defineOperation({
    method: "get",
    path: "/api/v2/backoffice/verifications",
    query: verificationQueueQuerySchema,
    response: "VerificationQueue",
  }),
  accept: defineOperation({ method: "post", path: "/api/v2/backoffice/verifications/:id/accept", response: "VerificationDecision" }),
  reject: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/verifications/:id/reject",
    body: verificationRejectSchema,
    response: "VerificationDecision",
  }),
  forceFakeCheck: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/members/:id/force-fake-check",
    body: forceFakeCheckSchema,
    response: "ForcedFakeCheckAnswer",
  }),
};
