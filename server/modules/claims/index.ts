/** The public face of the claims module: Profile claims, for the modules that start one (invitations, Google sign-in, phone). Other modules import only this file. */
export * from "./service";
export * from "./codes";
