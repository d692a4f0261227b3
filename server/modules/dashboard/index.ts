/** The public face of the dashboard module: recording profile views (called by profiles). */
import { viewsPart } from "../../db/seed/views";
import { defineFeature } from "../manifest";
import { registerDashboard } from "./routes";
export { recordProfileView, type ProfileView } from "./views";

export const manifest = defineFeature({ name: "dashboard", routes: registerDashboard, seed: [{ order: 50, part: viewsPart }] });
