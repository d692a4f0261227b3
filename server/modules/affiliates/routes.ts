import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { fail } from "../../api/errors";
import * as v from "valibot";
import { AFFILIATE_ERRORS, AFFILIATE_REPORT_MONTHS, affiliateCodeSchema } from "../../contract/affiliates";
import { affiliatesOps } from "../../contract/operations/affiliates";
import { affiliateLink, affiliateReport, createAffiliate, listAffiliates, setAffiliateState } from "./service";

const BACKEND_ONLY = "Backend (9) accounts only (money.manage): 403 for members and the team; 401 without a token.";

/** Affiliate initiators (issue 32 item 6; spec section 7 "affiliate initiators"; ADR 135). */
export function registerAffiliates({ v2 }: ModuleContext): void {
  v2.add(
    affiliatesOps.link,
    {
      tag: "affiliates",
      auth: "optional",
      summary:
        "A partner's link code and whether the partner is active (the web tier offers the attribution cookie only then; a deactivated partner's link still lands on a page, ADR 139). 404 for unknown codes; look-ups per address are limited (429).",
      statuses: [404, 429],
    },
    async (c) => {
      const code = v.safeParse(affiliateCodeSchema, c.req.param("code"));
      if (!code.success) throw fail.notFound(AFFILIATE_ERRORS.unknown);
      c.header("Cache-Control", "private, no-store");
      return ok(c, await affiliateLink(c.get("deps"), code.output, c.get("clientIp")));
    },
  );
  v2.add(
    affiliatesOps.list,
    {
      tag: "backoffice",
      auth: "required",
      staff: "money.manage",
      summary: `The partners with their totals. ${BACKEND_ONLY}`,
      statuses: [401, 403],
    },
    async (c) => ok(c, await listAffiliates(c.get("deps"))),
  );
  v2.add(
    affiliatesOps.create,
    {
      tag: "backoffice",
      auth: "required",
      staff: "money.manage",
      summary: `Creates a partner (name, code, contact e-mail; a sign-up with that address is self-referral and binds nothing). 409 ${AFFILIATE_ERRORS.codeTaken} at code. Writes one audit row. ${BACKEND_ONLY}`,
      statuses: [201, 400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await createAffiliate(c.get("deps"), user!.id, body), { status: 201 }),
  );
  v2.add(
    affiliatesOps.report,
    {
      tag: "backoffice",
      auth: "required",
      staff: "money.manage",
      summary: `One partner's report: totals and the last ${AFFILIATE_REPORT_MONTHS} months (Europe/Berlin) of sign-ups, first payments and their gross. ${BACKEND_ONLY}`,
      statuses: [401, 403, 404],
    },
    async (c) => ok(c, await affiliateReport(c.get("deps"), rowIdParam(c.req.param("id"), AFFILIATE_ERRORS.unknown))),
  );
  v2.add(
    affiliatesOps.setState,
    {
      tag: "backoffice",
      auth: "required",
      staff: "money.manage",
      summary: `Deactivates (active=false) or reactivates a partner, with an optional reason; one audit row (affiliate.deactivate / affiliate.reactivate) per change, none when the state is already the asked one. Off: its link binds nobody new; referrals recorded while it was active stay and their first payment is still credited (ADR 139). ${BACKEND_ONLY}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { body, user }) =>
      ok(c, await setAffiliateState(c.get("deps"), user!.id, rowIdParam(c.req.param("id"), AFFILIATE_ERRORS.unknown), body)),
  );
}
