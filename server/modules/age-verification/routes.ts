/** HTTP of age verification (issue 30 item 1, ADRs 105–106; spec section 7 "verification (fsk18)"). */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { AGE_VERIFICATION_ERRORS } from "../../contract/age-verification";
import { ageVerificationOps } from "../../contract/operations/age-verification";
import { ageVerificationState, authenticateSession, forceAgeCheck, receiveWebhook, startIdentification } from "./service";

const PRIVATE = "private, no-store";
/** A provider's message is small; anything larger is no webhook of theirs. */
const WEBHOOK_MAX_BYTES = 16 * 1024;

export function registerAgeVerification({ v2 }: ModuleContext): void {
  v2.add(
    ageVerificationOps.state,
    {
      tag: "verification",
      auth: "required",
      summary:
        "The caller's fsk18 age verification: status (0 init, 1 pending, 2 verified), provider, times, whether the provider declined, whether the team forces the check, whether this login session is authenticated (the PIN entered: fsk18 content open), PIN attempts left, and whether a provider is configured.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await ageVerificationState(c.get("deps"), user!));
    },
  );
  v2.add(
    ageVerificationOps.start,
    {
      tag: "verification",
      auth: "required",
      summary:
        "Starts (or restarts) the identification: binds the PIN (six digits, typed twice) to a new session reference, sets status 1 pending and answers the provider's hosted flow to send the member to. Only the provider's signed webhook verifies. 409 exception.age_verification.already_verified while verified with a usable PIN; 409 exception.age_verification.no_provider where none is configured.",
      statuses: [400, 401, 409],
    },
    async (c, { user, body }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await startIdentification(c.get("deps"), user!, { pin: body.pin, language: c.get("lang") }));
    },
  );
  v2.add(
    ageVerificationOps.authenticate,
    {
      tag: "verification",
      auth: "required",
      summary:
        "The authentication on each use: the PIN bound to the identification opens fsk18 content for this login session. 400 validation.age_verification.pin_wrong (one of 5 attempts used); 409 exception.age_verification.pin_locked when none is left (identify again); 409 exception.age_verification.not_verified before the identification.",
      statuses: [400, 401, 409],
    },
    async (c, { user, body }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await authenticateSession(c.get("deps"), user!, body.pin));
    },
  );
  v2.add(
    ageVerificationOps.webhook,
    {
      tag: "verification",
      auth: "optional",
      summary:
        "An age-verification provider's signed answer about an identification (server to server: no session, no origin check; the signature is the check). Header `X-Age-Signature: t=<seconds>,n=<nonce>,v1=<hex HMAC-SHA256 of t.n.body>`; body {reference, outcome verified|declined, age_over_18, txn_id}. 400 for a forged, malformed or stale message, 409 for a nonce seen before (replay): neither changes anything. Access follows only from here, never from the member's return URL.",
      statuses: [400, 404, 409, 413],
      maxBodyBytes: WEBHOOK_MAX_BYTES,
    },
    async (c) => {
      const body = await c.req.text();
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const result = await receiveWebhook(c.get("deps"), c.req.param("provider") ?? "", { headers, body });
      return ok(c, { received: true as const, applied: result.applied });
    },
  );
  v2.add(
    ageVerificationOps.force,
    {
      tag: "backoffice",
      auth: "required",
      staff: "verification.decide",
      summary:
        "Team (10) and backend (9) accounts: force (or lift) a member's age check, with a reason; after login the member is sent to /user/age_check_verification?type=forced until verified. Written to the audit trail. 403 exception.backoffice.staff_only for everyone else; 404 for an unknown, deleted or staff account.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => {
      const memberId = rowIdParam(c.req.param("id"), AGE_VERIFICATION_ERRORS.notFound);
      return ok(c, await forceAgeCheck(c.get("deps"), user!.id, memberId, body));
    },
  );
}
