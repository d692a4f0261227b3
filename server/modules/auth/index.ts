/** The public face of the auth module: Tokens and the signed-in user's data, for the modules that sign members in. Other modules import only this file. */
export * from "./tokens";
export * from "./user-data";
