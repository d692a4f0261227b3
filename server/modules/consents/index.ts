/** The public face of the consents module: Special-category consents, for the registration steps that ask for them. Other modules import only this file. */
import { consentsPart } from "../../db/seed/consents";
import { defineFeature } from "../manifest";
import { registerConsents } from "./routes";
export * from "./service";

export const manifest = defineFeature({ name: "consents", routes: registerConsents, seed: [{ order: 20, part: consentsPart }] });
