/** The federated module (Google sign-in): routes only. */
import { defineFeature } from "../manifest";
import { registerFederated } from "./routes";

export const manifest = defineFeature({ name: "federated", routes: registerFederated });
