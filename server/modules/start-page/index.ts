/**
 * The member's start page (my_dashboard) in one call (ADR 160). A module of its own: it reads the registration steps,
 * settings and moderation modules, and the dashboard module, which profiles import (profile views), must not.
 */
import { defineFeature } from "../manifest";
import { registerStartPage } from "./routes";

export const manifest = defineFeature({ name: "start-page", routes: registerStartPage });
