import * as v from "valibot";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { BUSINESS_LINK_ANSWERS } from "../../contract/business-links";
import { usernameSchema } from "../../contract/validation";
import { businessLinksOps } from "../../contract/operations/business-links";
import type { ModuleContext } from "../../api/module-context";
import { answerBusinessLink, businessLinksOf, inviteEscort, removeEscortLink } from "./service";

/** Business ↔ escort links (issue 9 item 9): the escort decides whether a business lists them. */
export function registerBusinessLinks({ v2 }: ModuleContext): void {
  v2.add(
    businessLinksOps.list,
    {
      summary: "The signed-in member's business links: requests to and listings of an escort, the escorts a business named.",
      tag: "user",
      auth: "required",
    },
    async (c, { user }) => ok(c, await businessLinksOf(c.get("deps"), user!.id)),
  );

  for (const answer of BUSINESS_LINK_ANSWERS) {
    const accept = answer === "accept";
    v2.add(
      businessLinksOps.answer[answer],
      {
        summary:
          answer === "accept"
            ? "The escort agrees to be listed by this business."
            : "The escort declines a business's request, or ends a listing.",
        tag: "user",
        auth: "required",
        statuses: [404],
      },
      async (c, { user }) => {
        // A name no username can have is simply no request of this member's.
        const business = v.safeParse(usernameSchema, c.req.param("business"));
        if (!business.success) throw fail.notFound("exception.business_link.not_found");
        return ok(c, { status: await answerBusinessLink(c.get("deps"), user!.id, business.output, accept) });
      },
    );
  }

  v2.add(
    businessLinksOps.invite,
    {
      summary:
        "The business (agency or club) asks an escort by username to be listed: a new name, or again after a decline, an end or its own removal (ADR 069). At most BUSINESS_ESCORTS_MAX pending and accepted links (409 exception.business_link.limit_reached); the same escort at most once in BUSINESS_LINK_REQUEST_INTERVAL_DAYS (409 exception.business_link.too_soon with params.days); 400 validation.steps.escort_not_found at username; 409 exception.business_link.already_named; 403 for members without linked profiles. The escort gets the request mail.",
      tag: "user",
      auth: "required",
      statuses: [400, 403, 409],
    },
    async (c, { user, body }) => ok(c, await inviteEscort(c.get("deps"), user!.id, body.username)),
  );

  v2.add(
    businessLinksOps.remove,
    {
      summary:
        "The business takes back its request to an escort or ends the listing. Only its own pending or accepted link; 404 exception.business_link.not_found otherwise.",
      tag: "user",
      auth: "required",
      statuses: [404],
    },
    async (c, { user }) => {
      const escort = v.safeParse(usernameSchema, c.req.param("escort"));
      if (!escort.success) throw fail.notFound("exception.business_link.not_found");
      return ok(c, await removeEscortLink(c.get("deps"), user!.id, escort.output));
    },
  );
}
