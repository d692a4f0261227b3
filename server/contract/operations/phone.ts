/** The phone group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { smsSendSchema, smsVerifySchema } from "../invites";

export const phoneOps = {
  status: defineOperation({ method: "get", path: "/api/v2/registration/sms", response: "PhoneStatus" }),
  sendCode: defineOperation({ method: "post", path: "/api/v2/registration/sms/send", body: smsSendSchema, response: "SmsCodeSent" }),
  verifyCode: defineOperation({ method: "post", path: "/api/v2/registration/sms/verify", body: smsVerifySchema, response: "SmsVerified" }),
};
