/** SMS send and verify of the registration group (spec section 7). */
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { phoneStatus, sendSmsCode, verifySmsCode } from "./service";
import { phoneOps } from "../../contract/operations/phone";

export function registerPhone({ v2 }: ModuleContext): void {
  const base = { tag: "registration", auth: "required" as const };
  v2.add(
    phoneOps.status,
    {
      ...base,
      summary: "The caller's phone, its verification time and the pending code (masked number, expiry, tries left).",
    },
    async (c, { user }) => ok(c, await phoneStatus(c.get("deps"), user!.id)),
  );
  v2.add(
    phoneOps.sendCode,
    {
      ...base,
      summary:
        "Send a 6-digit code by SMS. country_code one of 49, 43, 41, 31; phone: optional plus then digits (national or international). 5 per user and 3 per number per hour; provider failure → 400 exception.sms.send_failed.",
      statuses: [409, 429],
    },
    async (c, { body, user }) => ok(c, await sendSmsCode(c.get("deps"), user!.id, body, c.get("lang"))),
  );
  v2.add(
    phoneOps.verifyCode,
    {
      ...base,
      summary: "Check the code (10 minutes, 5 tries); sets the verified phone.",
      statuses: [429],
    },
    async (c, { body, user }) => ok(c, await verifySmsCode(c.get("deps"), user!.id, body.code)),
  );
}
