/** The public face of the consents module: Special-category consents, for the registration steps that ask for them. Other modules import only this file. */
export * from "./service";
