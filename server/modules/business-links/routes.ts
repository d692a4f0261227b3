import * as v from "valibot";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { BUSINESS_LINK_ANSWERS } from "../../contract/business-links";
import { usernameSchema } from "../../contract/validation";
import { businessLinksOps } from "../../contract/operations/business-links";
import type { ModuleContext } from "../../api/module-context";
import { answerBusinessLink, businessLinksOf } from "./service";

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
        await answerBusinessLink(c.get("deps"), user!.id, business.output, accept);
        return ok(c, { status: accept ? "accepted" : "declined" });
      },
    );
  }
}
