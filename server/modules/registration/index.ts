/** The public face of the registration module: the step forms' saved values. Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerRegistration } from "./sign-up.routes";
import { registerRegistrationSteps } from "./steps.routes";
export { getStepData, stepDataWithSources } from "./steps.service";

export const manifest = defineFeature({ name: "registration", routes: [registerRegistration, registerRegistrationSteps] });
