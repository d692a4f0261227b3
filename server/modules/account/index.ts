/** The account module (pause, deactivate, resume, delete through an e-mail link; ADR 026): it contributes routes only; no other module imports it. */
import { defineFeature } from "../manifest";
import { registerAccount } from "./routes";

export const manifest = defineFeature({ name: "account", routes: registerAccount });
