/** The batch module (several API calls in one request): it contributes routes only. */
import { defineFeature } from "../manifest";
import { registerBatch } from "./routes";

export const manifest = defineFeature({ name: "batch", routes: registerBatch });
