/** HTTP of KYC for payouts (issue 30 item 3, ADR 109; spec section 7 "KYC (idv, age, esign, aml, reset, expire)"). */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { AML_VALID_MONTHS, KYC_ERRORS } from "../../contract/kyc";
import { kycOps } from "../../contract/operations/kyc";
import { decideScreening, kycQueue, memberKyc, renewKyc } from "./office";
import { currentAgreement, ownKyc, signAgreement, startScreening } from "./service";

const PRIVATE = "private, no-store";
const STAFF_NOTE =
  'Backend staff only (permission "kyc.manage"): 403 exception.backoffice.staff_only for members, exception.backoffice.role_forbidden for the team.';
const STEPS_NOTE = `Steps idv (an identity check the team verified), age (the age verification), esign (the current creator agreement signed), aml (a sanctions screening, valid ${AML_VALID_MONTHS} months); state missing, review, complete, expired or rejected.`;

const idOf = (raw: string | undefined) => rowIdParam(raw, KYC_ERRORS.notFound);

export function registerKyc({ v2, deps }: ModuleContext): void {
  v2.add(
    kycOps.state,
    {
      tag: "kyc",
      auth: "required",
      summary: `The caller's KYC for payouts. ${STEPS_NOTE} 403 exception.kyc.not_earner for anyone but escorts and businesses.`,
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await ownKyc(deps, user!.id));
    },
  );
  v2.add(
    kycOps.agreement,
    {
      tag: "kyc",
      auth: "required",
      summary: "The creator agreement in force, in one language, with the SHA-256 of exactly the text shown (the signature sends it back).",
      statuses: [400, 401],
    },
    async (c, { query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, currentAgreement(query.language));
    },
  );
  v2.add(
    kycOps.sign,
    {
      tag: "kyc",
      auth: "required",
      summary:
        "Signs the agreement shown (version, language, text_sha256 as GET /kyc/agreement answered) with the full name and the confirmation; stores them with a keyed hash of the address and the browser, then screens the name. 409 exception.kyc.agreement_changed when the text is no longer the current one.",
      statuses: [400, 401, 403, 409],
    },
    async (c, { user, body }) =>
      ok(c, await signAgreement(deps, user!.id, body, { ip: c.get("clientIp"), userAgent: c.req.header("user-agent") ?? "" })),
  );
  v2.add(
    kycOps.screen,
    {
      tag: "kyc",
      auth: "required",
      summary:
        "Screens the name of the latest signature again (an expired screening). 409 exception.kyc.sign_first, screening_open (running, retrying or a hit with staff), screening_valid.",
      statuses: [401, 403, 409],
    },
    async (c, { user }) => ok(c, await startScreening(deps, user!.id)),
  );
  v2.add(
    kycOps.queue,
    {
      tag: "backoffice",
      auth: "required",
      staff: "kyc.manage",
      summary: `AML hits waiting for a decision, oldest screening first, 20 a page. ${STAFF_NOTE}`,
      statuses: [400, 401, 403],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await kycQueue(deps, user!.id, query.page));
    },
  );
  v2.add(
    kycOps.member,
    {
      tag: "backoffice",
      auth: "required",
      staff: "kyc.manage",
      summary: `A member's KYC. 404 unknown or staff. ${STAFF_NOTE}`,
      statuses: [401, 403, 404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await memberKyc(deps, user!.id, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    kycOps.clear,
    {
      tag: "backoffice",
      auth: "required",
      staff: "kyc.manage",
      summary: `Clears an AML hit as a false positive: the screening holds ${AML_VALID_MONTHS} months, held payouts go back to approval. Audit trail; the member is told. 404 unknown, 409 decided already. ${STAFF_NOTE}`,
      statuses: [401, 403, 404, 409],
      claim: { queue: "kyc", param: "id" },
    },
    async (c, { user }) => ok(c, await decideScreening(deps, user!.id, idOf(c.req.param("id")), "cleared", null)),
  );
  v2.add(
    kycOps.reject,
    {
      tag: "backoffice",
      auth: "required",
      staff: "kyc.manage",
      summary: `Confirms an AML hit with a reason: payouts close (state rejected), waiting ones are held; statements of reasons, audit trail, the member is told. 404 unknown, 409 decided already. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
      claim: { queue: "kyc", param: "id" },
    },
    async (c, { user, body }) => ok(c, await decideScreening(deps, user!.id, idOf(c.req.param("id")), "rejected", body.reason)),
  );
  v2.add(
    kycOps.expire,
    {
      tag: "backoffice",
      auth: "required",
      staff: "kyc.manage",
      summary: `Expires a member's KYC with a reason (e.g. the identity document ran out): the agreement and the screening are needed again; waiting payouts are held with statements. Audit trail; the member is told. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await renewKyc(deps, user!.id, idOf(c.req.param("id")), "expire", body.reason)),
  );
  v2.add(
    kycOps.reset,
    {
      tag: "backoffice",
      auth: "required",
      staff: "kyc.manage",
      summary: `Resets a member's KYC with a reason: signatures and screenings so far count no more (state missing); waiting payouts are held with statements. Audit trail; the member is told. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await renewKyc(deps, user!.id, idOf(c.req.param("id")), "reset", body.reason)),
  );
}
