/** The public face of the invitations module: Invitation codes, for the sign-up that redeems one. Other modules import only this file. */
export * from "./service";
