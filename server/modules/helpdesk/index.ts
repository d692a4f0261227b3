/**
 * Support sign-on (issue 32 item 4, ADR 134): support/sso signs a member on to the configured help desk (Zendesk's
 * JWT or Freshworks' id_token, server/integrations/helpdesk), support/signout closes it.
 */
import { defineFeature } from "../manifest";
import * as m0119 from "./migrations/0119_helpdesk_sign_ons";
import { registerHelpdesk } from "./routes";

export const manifest = defineFeature({
  name: "helpdesk",
  routes: registerHelpdesk,
  migrations: { "0119_helpdesk_sign_ons": m0119 },
});
