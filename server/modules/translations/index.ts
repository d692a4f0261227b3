/** The translations module (issue 32 item 7, ADR 136): missing-key reports from the browser and their back-office list. */
import { defineFeature } from "../manifest";
import * as m0121 from "./migrations/0121_missing_translation_keys";
import * as m0124 from "./migrations/0124_missing_key_dismissal";
import { registerTranslations } from "./routes";

export const manifest = defineFeature({
  name: "translations",
  routes: registerTranslations,
  migrations: { "0121_missing_translation_keys": m0121, "0124_missing_key_dismissal": m0124 },
});
