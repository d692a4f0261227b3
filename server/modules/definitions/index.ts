/** The definitions module (languages, countries, the registration vocabularies): routes only. */
import { defineFeature } from "../manifest";
import { registerDefinitions } from "./routes";

export const manifest = defineFeature({ name: "definitions", routes: registerDefinitions });
