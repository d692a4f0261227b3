/** The registration group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import {
  appearanceStepSchema,
  availabilityStepSchema,
  businessDescriptionStepSchema,
  businessEscortsStepSchema,
  businessScheduleStepSchema,
  businessServicesStepSchema,
  profileStepSchema,
  servicesStepSchema,
} from "../registration-steps";
import { businessSignUpSchema, emailVerifySchema, individualSignUpSchema, uniqueCheckSchema } from "../registration-sign-up";

export const registrationOps = {
  // Built here with Date.now for the document and the callers' types; the API validates with its own clock.
  signUp: defineOperation({
    method: "post",
    path: "/api/v2/registration/sign-up",
    body: individualSignUpSchema(Date.now),
    response: "SignUpResult",
  }),
  // The steps' answers carry keys that are data (trait groups, price durations, step keys): read as the API spells them.
  steps: defineOperation({ method: "get", path: "/api/v2/registration/steps", response: "StepData", camelize: false }),
  photo: defineOperation({ method: "put", path: "/api/v2/registration/photo", response: "StepResult", camelize: false }),
  profile: defineOperation({
    method: "put",
    path: "/api/v2/registration/profile",
    body: profileStepSchema,
    response: "StepResult",
    camelize: false,
  }),
  appearance: defineOperation({
    method: "put",
    path: "/api/v2/registration/appearance",
    body: appearanceStepSchema,
    response: "StepResult",
    camelize: false,
  }),
  services: defineOperation({
    method: "put",
    path: "/api/v2/registration/services",
    body: servicesStepSchema,
    response: "StepResult",
    camelize: false,
  }),
  availability: defineOperation({
    method: "put",
    path: "/api/v2/registration/availability",
    body: availabilityStepSchema,
    response: "StepResult",
    camelize: false,
  }),
  businessTracking: defineOperation({
    method: "get",
    path: "/api/v2/registration/business/tracking",
    response: "BusinessSignupTracking",
    camelize: false,
  }),
  businessServices: defineOperation({
    method: "put",
    path: "/api/v2/registration/business/services",
    body: businessServicesStepSchema,
    response: "StepResult",
    camelize: false,
  }),
  businessSchedule: defineOperation({
    method: "put",
    path: "/api/v2/registration/business/schedule",
    body: businessScheduleStepSchema,
    response: "StepResult",
    camelize: false,
  }),
  businessDescription: defineOperation({
    method: "put",
    path: "/api/v2/registration/business/description",
    body: businessDescriptionStepSchema,
    response: "StepResult",
    camelize: false,
  }),
  businessPhoto: defineOperation({ method: "put", path: "/api/v2/registration/business/photo", response: "StepResult", camelize: false }),
  businessEscorts: defineOperation({
    method: "put",
    path: "/api/v2/registration/business/escorts",
    body: businessEscortsStepSchema,
    response: "StepResult",
    camelize: false,
  }),
  businessSignUp: defineOperation({
    method: "post",
    path: "/api/v2/registration/business/sign-up",
    body: businessSignUpSchema,
    response: "SignUpResult",
  }),
  unique: defineOperation({ method: "get", path: "/api/v2/registration/unique", query: uniqueCheckSchema, response: "UniqueCheck" }),
  verifyEmail: defineOperation({
    method: "post",
    path: "/api/v2/registration/email/verify",
    body: emailVerifySchema,
    response: "EmailVerified",
  }),
  resendVerification: defineOperation({ method: "post", path: "/api/v2/registration/email/resend", response: "VerificationMailSent" }),
};
