import { ok } from "../../api/router";
import { individualSignUpSchema } from "../../contract/registration-sign-up";
import { registrationOps } from "../../contract/operations/registration";
import type { ModuleContext } from "../../api/module-context";
import { checkUnique, resendVerification, signUpBusiness, signUpIndividual, verifyEmail } from "./sign-up.service";

export function registerRegistration({ v2, deps }: ModuleContext): void {
  v2.add(
    registrationOps.signUp,
    {
      summary:
        "Individual sign-up (client or escort), step 1. Creates the account, sends the verification mail and answers the token pair plus user_id; 5 per IP per hour.",
      tag: "registration",
      auth: "optional",
      // The age rule reads the API's clock, the same clock every other rule uses.
      body: individualSignUpSchema(() => deps.clock.now()),
      statuses: [201, 409, 429],
    },
    async (c, { body }) => ok(c, await signUpIndividual(c.get("deps"), body, c.get("clientIp"), c.get("lang")), { status: 201 }),
  );

  v2.add(
    registrationOps.businessSignUp,
    {
      summary:
        "Business sign-up, basic step (company, kind agency|club, contact person, city, account). Answers like /registration/sign-up; 5 per IP per hour. An unknown city is 400 validation.city_unknown at city.",
      tag: "registration",
      auth: "optional",
      statuses: [201, 409, 429],
    },
    async (c, { body }) => ok(c, await signUpBusiness(c.get("deps"), body, c.get("clientIp"), c.get("lang")), { status: 201 }),
  );

  v2.add(
    registrationOps.unique,
    {
      summary: "Live check whether a username or an e-mail address (exactly one) is free; 60 per IP per 10 minutes.",
      tag: "registration",
      auth: "optional",
      statuses: [429],
    },
    async (c, { query }) => ok(c, await checkUnique(c.get("deps"), query, c.get("clientIp"))),
  );

  v2.add(
    registrationOps.verifyEmail,
    {
      summary:
        "Confirm an e-mail address with the token from the verification link (single use, 48 hours). Signed in as another account: 403.",
      tag: "registration",
      auth: "optional",
      statuses: [403],
    },
    async (c, { body, user }) => ok(c, await verifyEmail(c.get("deps"), body.token, user?.id ?? null)),
  );

  v2.add(
    registrationOps.resendVerification,
    {
      summary: "Send the signed-in user a new verification link; 3 per hour. 409 when the address is already verified.",
      tag: "registration",
      auth: "required",
      statuses: [202, 409, 429],
    },
    async (c, { user }) => ok(c, await resendVerification(c.get("deps"), user!.id, c.get("lang")), { status: 202 }),
  );
}
