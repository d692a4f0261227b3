/** Staff sign-in's second factor (issue 30 item 5, ADR 117): the caller's own authenticator and the reset by backend staff. */
import { defineOperation } from "../operation";
import { secondFactorResetSchema, secondFactorVerifySchema, totpCodeSchema } from "../staff-totp";

const own = "/api/v2/staff/second-factor";
const office = "/api/v2/backoffice/staff-second-factor";

export const staffTotpOps = {
  status: defineOperation({ method: "get", path: own, response: "SecondFactorStatus" }),
  setup: defineOperation({ method: "post", path: `${own}/setup`, response: "SecondFactorSetup" }),
  confirm: defineOperation({ method: "post", path: `${own}/confirm`, body: totpCodeSchema, response: "RecoveryCodeSet" }),
  regenerate: defineOperation({ method: "post", path: `${own}/recovery-codes`, body: totpCodeSchema, response: "RecoveryCodeSet" }),
  verify: defineOperation({ method: "post", path: `${own}/verify`, body: secondFactorVerifySchema, response: "SecondFactorVerified" }),
  list: defineOperation({ method: "get", path: office, response: "StaffSecondFactorList" }),
  reset: defineOperation({
    method: "post",
    path: `${office}/:id/reset`,
    body: secondFactorResetSchema,
    response: "StaffSecondFactorReset",
  }),
};
