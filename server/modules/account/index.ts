/**
 * The account module (pause, deactivate, resume, delete through an e-mail link; ADR 026): its routes, and the
 * erasure an account deletion performs, for the operator's demo:remove (ADR 056).
 */
import { defineFeature } from "../manifest";
import { registerAccount } from "./routes";

export { eraseAccount } from "./service";

export const manifest = defineFeature({ name: "account", routes: registerAccount });
