/** The public face of the tours module: what search and profile pages read of tours. Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerTours } from "./routes";
import { toursPart } from "./seed";
export { activeTours, upcomingToursOf, type ActiveTour } from "./service";

export const manifest = defineFeature({ name: "tours", routes: registerTours, seed: [{ order: 140, part: toursPart }] });
