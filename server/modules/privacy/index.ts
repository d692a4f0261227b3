/** The privacy module (consents page, the data export; ADR 032): its manifest, with the export's jobs. */
import { defineFeature, defineJob } from "../manifest";
import { registerPrivacy } from "./routes";
import { buildExport, expireExport } from "./service";

export const manifest = defineFeature({
  name: "privacy",
  routes: registerPrivacy,
  jobs: {
    /** Build a member's data export (issue 10, data_privacy; ADR 032). */
    "export.build": defineJob<{ export_id: number }>((deps) => ({
      run: (payload, context) => buildExport(deps, payload.export_id, context),
    })),
    /** Remove a ready export's file when its download time is over (run_at = expires_at). */
    "export.expire": defineJob<{ export_id: number }>((deps) => ({ run: (payload) => expireExport(deps, payload.export_id) })),
  },
});
