/** The public face of the invitations module: Invitation codes, for the sign-up that redeems one. Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerInvitations } from "./routes";
export * from "./service";

export const manifest = defineFeature({ name: "invitations", routes: registerInvitations });
