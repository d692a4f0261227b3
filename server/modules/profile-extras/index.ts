/** The public face of the profile-extras module (interviews, preferred dates, business reviews). Other modules import only this file. */
export { visibleInterviews, visiblePreferredDates } from "./service";
