/**
 * Staff sign-in's second factor (issue 30 item 5, ADR 117): TOTP authenticators, recovery codes, the second step after
 * the password and the reset by backend staff. The gate that holds a staff sign-in back until then is the API's
 * (server/api/second-factor-gate.ts), which reads this module's table.
 */
import { defineFeature } from "../manifest";
import * as m0112 from "./migrations/0112_staff_totp";
import { registerStaffTotp } from "./routes";

export const manifest = defineFeature({ name: "stafftotp", routes: registerStaffTotp, migrations: { "0112_staff_totp": m0112 } });
