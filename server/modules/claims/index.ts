/** The public face of the claims module: Profile claims, for the modules that start one (invitations, Google sign-in, phone). Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerClaims } from "./routes";
export * from "./service";
export * from "./codes";

export const manifest = defineFeature({ name: "claims", routes: registerClaims });
