/** The public face of the profile-extras module (interviews, preferred dates, business reviews). Other modules import only this file. */
import { profileExtrasPart } from "../../db/seed/profile-extras";
import { defineFeature } from "../manifest";
import { registerProfileExtras } from "./routes";
export { visibleInterviews, visiblePreferredDates } from "./service";

export const manifest = defineFeature({
  name: "profile-extras",
  routes: registerProfileExtras,
  seed: [{ order: 70, part: profileExtrasPart }],
});
