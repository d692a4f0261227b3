/** The phone module (SMS verification): routes only. */
import { defineFeature } from "../manifest";
import { registerPhone } from "./routes";

export const manifest = defineFeature({ name: "phone", routes: registerPhone });
