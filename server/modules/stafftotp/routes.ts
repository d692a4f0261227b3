/** HTTP of staff sign-in's second factor (issue 30 item 5, ADR 117): own authenticator, the second step, the reset. */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_FAILURES,
  STAFF_TOTP_ERRORS,
  STAFF_TOTP_REASON_MAX,
  STAFF_TOTP_REASON_MIN,
} from "../../contract/staff-totp";
import { staffTotpOps } from "../../contract/operations/staff-totp";
import {
  confirmSetup,
  listStaffSecondFactors,
  regenerateRecoveryCodes,
  resetStaffSecondFactor,
  secondFactorStatus,
  startSetup,
  verifySecondFactor,
} from "./service";

const PRIVATE = "private, no-store";
const OWN = "Staff accounts (team, backend) only: 403 exception.backoffice.staff_only for members.";
const WRONG = `400 exception.staff_totp.wrong_code for a wrong, expired or already used code (a code counts once per 30-second step); the ${SECOND_FACTOR_MAX_FAILURES}th wrong code in a row locks the account's second step for ${SECOND_FACTOR_LOCK_MINUTES} minutes (429 exception.staff_totp.locked with retry_after; audit row staff_totp.lockout).`;

export function registerStaffTotp({ v2, deps }: ModuleContext): void {
  v2.add(
    staffTotpOps.status,
    {
      tag: "staff",
      auth: "required",
      beforeSecondFactor: true,
      summary: `The caller's second factor: whether an authenticator is on, unused recovery codes, what this sign-in still owes (verify, enrol or nothing), whether the installation requires it, a started setup's secret and otpauth URI, the lock. ${OWN}`,
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await secondFactorStatus(deps, user!));
    },
  );
  v2.add(
    staffTotpOps.setup,
    {
      tag: "staff",
      auth: "required",
      beforeSecondFactor: true,
      summary: `Starts (or starts over) the setup of a TOTP authenticator: a new secret (base32, 160 bits) and its otpauth:// URI (SHA-1, 6 digits, 30 s). 409 exception.staff_totp.already_enrolled while one is on. ${OWN}`,
      statuses: [401, 403, 409],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await startSetup(deps, user!));
    },
  );
  v2.add(
    staffTotpOps.confirm,
    {
      tag: "staff",
      auth: "required",
      beforeSecondFactor: true,
      summary: `Confirms the setup with a first code: the authenticator is on, this sign-in counts as passed, and ${RECOVERY_CODE_COUNT} one-time recovery codes are answered (the only time they are readable). 409 exception.staff_totp.no_setup, already_enrolled. ${WRONG} One audit row (staff_totp.enrol). ${OWN}`,
      statuses: [400, 401, 403, 409, 429],
    },
    async (c, { user, body }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await confirmSetup(deps, user!, body.code));
    },
  );
  v2.add(
    staffTotpOps.regenerate,
    {
      tag: "staff",
      auth: "required",
      summary: `A new set of ${RECOVERY_CODE_COUNT} recovery codes, confirmed by a current code of the authenticator; the old set stops working. 409 exception.staff_totp.not_enrolled. ${WRONG} One audit row (staff_totp.recovery_codes_regenerated). ${OWN}`,
      statuses: [400, 401, 403, 409, 429],
    },
    async (c, { user, body }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await regenerateRecoveryCodes(deps, user!, body.code));
    },
  );
  v2.add(
    staffTotpOps.verify,
    {
      tag: "staff",
      auth: "required",
      beforeSecondFactor: true,
      summary: `The sign-in's second step: a code of the authenticator or an unused recovery code (used up; audit row staff_totp.recovery_code_used). Until it succeeds, every other route answers this sign-in 403 exception.staff.second_factor_pending. 409 exception.staff_totp.nothing_due when nothing is owed. ${WRONG} ${OWN}`,
      statuses: [400, 401, 403, 409, 429],
    },
    async (c, { user, body }) => ok(c, await verifySecondFactor(deps, user!, body.code)),
  );
  v2.add(
    staffTotpOps.list,
    {
      tag: "backoffice",
      auth: "required",
      staff: "staff.manage",
      summary: "Every staff account's second factor: on since, unused recovery codes, lock. Backend staff (staff.manage).",
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await listStaffSecondFactors(deps, user!.id));
    },
  );
  v2.add(
    staffTotpOps.reset,
    {
      tag: "backoffice",
      auth: "required",
      staff: "staff.manage",
      summary: `Resets a colleague's authenticator (lost phone): it and its recovery codes are deleted and every sign-in of the account ends; the next sign-in sets up a new one. A reason of ${STAFF_TOTP_REASON_MIN}–${STAFF_TOTP_REASON_MAX} characters (400 validation.staff_totp.reason). Backend staff (staff.manage); 403 exception.staff_totp.own_account for one's own, 404 for a member or unknown id, 409 exception.staff_totp.not_enrolled. One audit row (staff_totp.reset).`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) =>
      ok(c, await resetStaffSecondFactor(deps, user!.id, rowIdParam(c.req.param("id"), STAFF_TOTP_ERRORS.notFound), body.reason)),
  );
}
