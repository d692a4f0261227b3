/** The public face of the business-links module: Business ↔ escort links, for the registration step that names escorts. Other modules import only this file. */
export * from "./service";
