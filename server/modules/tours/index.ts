/** The public face of the tours module: what search and profile pages read of tours. Other modules import only this file. */
export { activeTours, upcomingToursOf, type ActiveTour } from "./service";
