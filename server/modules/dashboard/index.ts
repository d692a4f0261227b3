/** The public face of the dashboard module: recording profile views (called by profiles). */
export { recordProfileView, type ProfileView } from "./views";
