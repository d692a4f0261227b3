/**
 * The public face of the profiles module: profile reads, for the directory; the writers of profile fields, for
 * registration and settings. Other modules import only this file.
 */
import { profileDetailsPart, profilesPart } from "../../db/seed/profiles";
import { defineFeature } from "../manifest";
import { registerProfiles } from "./routes";
export * from "./service";
export * from "./writers";
export { profileCityColumns } from "./city";

export const manifest = defineFeature({
  name: "profiles",
  routes: registerProfiles,
  // The details first: the profile rows' triggers then compute each profile's search row once.
  seed: [
    { order: 10, part: profileDetailsPart },
    { order: 30, part: profilesPart },
  ],
});
