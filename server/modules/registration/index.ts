/** The public face of the registration module: the profile form writers, shared with the settings pages, and the city field's resolver (tours). Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerRegistration } from "./signup.routes";
import { registerRegistrationSteps } from "./steps.routes";
export {
  checkAppearance,
  getStepData,
  writeAppearance,
  writeAvailability,
  writeBusinessDescription,
  writeBusinessSchedule,
  writeBusinessServices,
  writeProfile,
  writeServices,
  type ProfileOwner,
  type Trx,
} from "./steps.service";
export { resolveProfileCity } from "./city";

export const manifest = defineFeature({ name: "registration", routes: [registerRegistration, registerRegistrationSteps] });
