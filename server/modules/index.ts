/** Every endpoint group registers here. One module per group (DESIGN §5). */
import type { ModuleContext } from "../api/module-context";
import { registerAccount } from "./account/routes";
import { registerAuth } from "./auth/routes";
import { registerBatch } from "./batch/routes";
import { registerBlocks } from "./blocks/routes";
import { registerBusinessLinks } from "./business-links/routes";
import { registerClaims } from "./claims/routes";
import { registerConsents } from "./consents/routes";
import { registerDefinitions } from "./definitions/routes";
import { registerDev } from "./dev/routes";
import { registerFederated } from "./federated/routes";
import { registerInvitations } from "./invitations/routes";
import { registerMedia } from "./media/routes";
import { registerModeration } from "./moderation/routes";
import { registerPages } from "./pages/routes";
import { registerPhone } from "./phone/routes";
import { registerProfiles } from "./profiles/routes";
import { registerRegistration } from "./registration/signup.routes";
import { registerRegistrationSteps } from "./registration/steps.routes";
import { registerReports } from "./reports/routes";
import { registerSearch } from "./search/routes";
import { registerSeo } from "./seo/routes";
import { registerSettings } from "./settings/routes";

export function registerModules(ctx: ModuleContext): void {
  registerAccount(ctx);
  registerAuth(ctx);
  registerBatch(ctx);
  registerBlocks(ctx);
  registerBusinessLinks(ctx);
  registerClaims(ctx);
  registerConsents(ctx);
  registerDefinitions(ctx);
  registerDev(ctx);
  registerFederated(ctx);
  registerInvitations(ctx);
  registerMedia(ctx);
  registerModeration(ctx);
  registerPages(ctx);
  registerPhone(ctx);
  registerProfiles(ctx);
  registerRegistration(ctx);
  registerRegistrationSteps(ctx);
  registerReports(ctx);
  registerSearch(ctx);
  registerSeo(ctx);
  registerSettings(ctx);
}
