/** The public face of the tours module: what search and profile pages read of tours. Other modules import only this file. */
import { defineFeature } from "../manifest";
import { registerTours } from "./routes";
export { activeTours, upcomingToursOf, type ActiveTour } from "./service";

export const manifest = defineFeature({ name: "tours", routes: registerTours });
