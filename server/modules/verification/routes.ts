/** HTTP of verification (issue 30 item 2, ADR 107; spec section 7 "verification (webcam, id, fsk18)"): the member's checks, the team's queue. */
import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { IMAGE_MAX_BYTES } from "../../contract/media-upload";
import { verificationOps } from "../../contract/operations/verification";
import {
  DOCUMENT_KINDS,
  VERIFICATION_ERRORS,
  VERIFICATION_FILE_SIDES,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_PENDING_MINUTES,
  WEBCAM_CODE_TTL_MINUTES,
  WEBCAM_FILE_FIELD,
  type VerificationFileSide,
} from "../../contract/verification";
import { receiveUpload } from "../media/index";
import { startWebcamCheck, submitDocumentCheck, submitWebcamCheck, verificationOverview } from "./checks";
import { decideCheck, forceFakeCheck, readCheckFile, verificationQueue } from "./office";

const PRIVATE = "private, no-store";
const STAFF_NOTE = "Team (10) and backend (9) accounts only: 403 exception.backoffice.staff_only for everyone else.";
/** Two photos and a few fields. */
const MAX_BODY_BYTES = 2 * IMAGE_MAX_BYTES + 64 * 1024;
const UPLOAD_NOTE = `JPEG, PNG or WebP by content (the media upload's size and pixel limits), stored privately as a JPEG without metadata. Pending for the team's decision, due within ${VERIFICATION_PENDING_MINUTES} minutes. 409 exception.verification.already_pending, already_verified, attempts_exhausted (at most ${VERIFICATION_MAX_ATTEMPTS.id} submissions per kind).`;

const idOf = (raw: string | undefined) => rowIdParam(raw, VERIFICATION_ERRORS.notFound);

export function registerVerification({ v2, deps }: ModuleContext): void {
  v2.add(
    verificationOps.overview,
    {
      tag: "verification",
      auth: "required",
      summary: "The caller's checks by kind (webcam, id, prostschg): status 0–3, attempts, the open webcam code.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await verificationOverview(deps, user!.id));
    },
  );
  v2.add(
    verificationOps.startWebcam,
    {
      tag: "verification",
      auth: "required",
      summary: `Starts a webcam attempt: a code to hold up in the photo, good for ${WEBCAM_CODE_TTL_MINUTES} minutes (the same code while it is good). 403 for staff, 409 pending, verified or attempts used up (at most ${VERIFICATION_MAX_ATTEMPTS.webcam}, spec "Watermark check max 5").`,
      statuses: [401, 403, 409],
    },
    async (c, { user }) => ok(c, await startWebcamCheck(deps, user!.id)),
  );
  v2.add(
    verificationOps.submitWebcam,
    {
      tag: "verification",
      auth: "required",
      summary: `The webcam photo (multipart/form-data: ${WEBCAM_FILE_FIELD}) showing the member and the open attempt's code; 409 exception.verification.code_expired without a good code. ${UPLOAD_NOTE}`,
      maxBodyBytes: MAX_BODY_BYTES,
      streamsBody: true,
      statuses: [201, 400, 401, 403, 409, 413],
    },
    async (c, { user }) => {
      const upload = await receiveUpload(c.req.raw, {
        tmpDir: deps.config.uploadTmpDir,
        fileField: WEBCAM_FILE_FIELD,
        maxFiles: 1,
        maxFileBytes: IMAGE_MAX_BYTES,
        maxBodyBytes: MAX_BODY_BYTES,
        fields: [],
        tooLarge: { key: "validation.image.file_too_large", source: () => WEBCAM_FILE_FIELD },
      });
      try {
        return ok(c, await submitWebcamCheck(deps, user!.id, upload.files[0]), { status: 201 });
      } finally {
        await upload.cleanup();
      }
    },
  );
  v2.add(
    verificationOps.submitDocument,
    {
      tag: "verification",
      auth: "required",
      summary: `A document check (kind id: an identity document; prostschg: the ProstSchG registration certificate, escorts only): multipart/form-data front (required) and back (optional). 404 for another kind. ${UPLOAD_NOTE}`,
      maxBodyBytes: MAX_BODY_BYTES,
      streamsBody: true,
      statuses: [201, 400, 401, 403, 404, 409, 413],
    },
    async (c, { user }) => {
      const kind = c.req.param("kind");
      if (!(DOCUMENT_KINDS as readonly string[]).includes(kind ?? "")) throw fail.notFound(VERIFICATION_ERRORS.notFound);
      const upload = await receiveUpload(c.req.raw, {
        tmpDir: deps.config.uploadTmpDir,
        fileField: ["front", "back"],
        maxFiles: 2,
        maxFileBytes: IMAGE_MAX_BYTES,
        maxBodyBytes: MAX_BODY_BYTES,
        fields: [],
      });
      try {
        const front = upload.files.find((file) => file.field === "front");
        const back = upload.files.find((file) => file.field === "back");
        return ok(c, await submitDocumentCheck(deps, user!.id, kind as "id" | "prostschg", front, back), { status: 201 });
      } finally {
        await upload.cleanup();
      }
    },
  );
  v2.add(
    verificationOps.file,
    {
      tag: "verification",
      auth: "required",
      summary:
        "One photo of a check (side photo, front or back) as JPEG, for staff only; the member who sent it and everyone else get 404, as for a check that does not exist or whose photos were deleted after the retention.",
      statuses: [401, 404],
    },
    async (c, { user }) => {
      const side = c.req.param("side");
      if (!(VERIFICATION_FILE_SIDES as readonly string[]).includes(side ?? "")) throw fail.notFound(VERIFICATION_ERRORS.notFound);
      const bytes = await readCheckFile(deps, user!.id, idOf(c.req.param("id")), side as VerificationFileSide);
      return c.body(new Uint8Array(bytes), 200, {
        "Content-Type": "image/jpeg",
        "Content-Length": String(bytes.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": PRIVATE,
      });
    },
  );
  v2.add(
    verificationOps.queue,
    {
      tag: "backoffice",
      auth: "required",
      staff: "verification.decide",
      summary: `Checks waiting for the team, oldest submission first, 20 a page, each with the member's profile photos and trust level; overdue after ${VERIFICATION_PENDING_MINUTES} minutes. ${STAFF_NOTE}`,
      statuses: [400, 401, 403],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await verificationQueue(deps, user!.id, query.page));
    },
  );
  v2.add(
    verificationOps.accept,
    {
      tag: "backoffice",
      auth: "required",
      staff: "verification.decide",
      summary: `Verifies a pending check (a webcam check: the profile's photos are real, a forced fake check ends). The member is told in the bell; audit trail. 404 unknown, 409 decided already. ${STAFF_NOTE}`,
      statuses: [401, 403, 404, 409],
      claim: { queue: "verifications", param: "id" },
    },
    async (c, { user }) => ok(c, await decideCheck(deps, user!.id, idOf(c.req.param("id")), null)),
  );
  v2.add(
    verificationOps.reject,
    {
      tag: "backoffice",
      auth: "required",
      staff: "verification.decide",
      summary: `Rejects a pending check with a reason of the list; the member reads it translated. Audit trail. 404 unknown, 409 decided already. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
      claim: { queue: "verifications", param: "id" },
    },
    async (c, { user, body }) => ok(c, await decideCheck(deps, user!.id, idOf(c.req.param("id")), body.reason)),
  );
  v2.add(
    verificationOps.forceFakeCheck,
    {
      tag: "backoffice",
      auth: "required",
      staff: "verification.decide",
      summary: `Forces a fake check on a member (forcedFakeCheck): their photos are no longer marked real and the profile is not listed until a new webcam check is verified. Audit trail. 404 unknown or staff. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await forceFakeCheck(deps, user!.id, idOf(c.req.param("id")), body.reason || null)),
  );
}
