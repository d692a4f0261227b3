/**
 * Invitations, profile claims, phone verification and federated sign-in
 * (issue 3 items 5–7): limits and request schemas shared by both tiers.
 */
import * as v from "valibot";
import type { MediaImage } from "./media";
import type { UserDataResponse } from "./user-data";
import type { IssuedTokens } from "./auth";
import { PHONE_COUNTRY_CODES } from "./countries";
import { TRACKING_ID_PATTERN } from "./registration-sign-up";
import { SUPPORTED_LANGUAGES } from "./locales";
import { emailSchema, passwordConfirmationMatches, passwordSchema, phoneLikeSchema, usernameSchema } from "./validation";

const required = "validation.required";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The invitation_code cookie lives 30 days: sign-up may happen days after the click. */
export const INVITATION_COOKIE = "invitation_code";
export const INVITATION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Invitation codes travel in URLs and in the sign-up form: the sign-up tracking-id rule. */
export const invitationCodeSchema = v.pipe(
  v.string(required),
  v.trim(),
  v.regex(TRACKING_ID_PATTERN, "validation.invitation_code.invalid"),
);
/** Lookups per client address: codes may be human-readable, so guessing is throttled. */
export const INVITATION_LOOKUP_LIMIT = { windowMs: 10 * MINUTE, limit: 30 } as const;

/** 6-digit codes (claims and SMS): 10 minutes, 5 wrong tries void the code. */
/** The code's length forms render: in ./form-limits (free of valibot, ADR 156). */
export { VERIFICATION_CODE_LENGTH } from "./form-limits";
export const VERIFICATION_CODE_TTL_MS = 10 * MINUTE;
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const verificationCodeSchema = v.pipe(
  v.string(required),
  v.transform((value) => value.replace(/\s/g, "")),
  v.nonEmpty(required),
  v.regex(/^\d{6}$/, "validation.verification_code.invalid"),
);

/** Claims: invite links live 30 days; codes are resent at most 3 times an hour and 10 times in all. */
export const CLAIM_INVITE_TTL_MS = 30 * DAY;
export const CLAIM_RESEND_LIMIT = { windowMs: HOUR, limit: 3 } as const;
export const CLAIM_MAX_CODES = 10;
/** A passed verification must be turned into a password within this time. */
export const CLAIM_BIND_TTL_MS = 30 * MINUTE;
/** Invite codes in invites/{code}: random URL-safe tokens. */
export const claimInviteCodeSchema = v.pipe(v.string(required), v.regex(/^[A-Za-z0-9_-]{16,64}$/, "exception.claim.not_found"));
export const CLAIM_TOKEN_COOKIE = "claim_token";

export const claimVerifySchema = v.object({ code: verificationCodeSchema }, required);
const claimPasswordEntries = {
  password: passwordSchema,
  password_confirmation: v.pipe(v.string(required), v.nonEmpty(required)),
  /** Phone claims only: the address the account will use (verified afterwards like any sign-up). */
  email: v.optional(emailSchema),
};
/** The claim page's password form. */
export const claimPasswordFormSchema = v.pipe(v.object(claimPasswordEntries, required), passwordConfirmationMatches());
/** The API's bind-password body: the form plus the bind token of the passed verification. */
export const claimBindSchema = v.pipe(
  v.object(
    {
      ...claimPasswordEntries,
      bind_token: v.pipe(v.string(required), v.nonEmpty(required), v.maxLength(128, "exception.claim.verification_required")),
    },
    required,
  ),
  passwordConfirmationMatches(),
);

/** Team tooling: a profile prepared for its owner, reachable by e-mail or by phone (E.164), exactly one. */
export const claimableProfileSchema = v.pipe(
  v.object(
    {
      username: usernameSchema,
      display_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, "validation.invalid"))),
      city_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, "validation.invalid"))),
      user_type: v.optional(v.picklist(["client", "escort"], "validation.invalid"), "escort"),
      language: v.optional(v.picklist(SUPPORTED_LANGUAGES, "validation.invalid"), "de"),
      email: v.optional(emailSchema),
      phone: v.optional(v.pipe(v.string(required), v.regex(/^\+\d{6,15}$/, "validation.phone.invalid"))),
    },
    required,
  ),
  v.forward(
    v.partialCheck(
      [["email"], ["phone"]],
      (input) => (input.email === undefined) !== (input.phone === undefined),
      "validation.claim.email_or_phone",
    ),
    ["email"],
  ),
);

/** Phone verification (spec sections 5 and 9). */
export const PHONE_COUNTRY_CALLING_CODES = Object.values(PHONE_COUNTRY_CODES) as number[];
export const SMS_USER_LIMIT = { windowMs: HOUR, limit: 5 } as const;
export const SMS_NUMBER_LIMIT = { windowMs: HOUR, limit: 3 } as const;
export const smsSendSchema = v.object(
  {
    country_code: v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(required), v.toNumber())], "validation.phone.country_code"),
      v.check((value) => PHONE_COUNTRY_CALLING_CODES.includes(value), "validation.phone.country_code"),
    ),
    phone: phoneLikeSchema,
  },
  required,
);
export const smsVerifySchema = v.object({ code: verificationCodeSchema }, required);

/** Federated sign-in providers the product knows. */
export const FEDERATED_PROVIDERS = ["google"] as const;
export type FederatedProvider = (typeof FEDERATED_PROVIDERS)[number];
/** The browser has this long to come back from the provider. */
export const FEDERATED_STATE_TTL_S = 10 * 60;
export const FEDERATED_STATE_COOKIE = "federated_state";
const redirectUriSchema = v.pipe(
  v.string(required),
  v.nonEmpty(required),
  v.maxLength(2048, "validation.invalid"),
  v.url("validation.invalid"),
);
export const federatedAuthorizeSchema = v.object(
  { provider: v.picklist(FEDERATED_PROVIDERS, "exception.federated.unknown_provider"), redirect_uri: redirectUriSchema },
  required,
);
export const thirdPartySignInSchema = v.object(
  {
    provider: v.picklist(FEDERATED_PROVIDERS, "exception.federated.unknown_provider"),
    code: v.pipe(v.string(required), v.nonEmpty(required), v.maxLength(2048, "validation.invalid")),
    code_verifier: v.pipe(v.string(required), v.regex(/^[A-Za-z0-9._~-]{43,128}$/, "validation.invalid")),
    redirect_uri: redirectUriSchema,
    nonce: v.optional(v.pipe(v.string(), v.maxLength(128, "validation.invalid"))),
  },
  required,
);

export interface InvitationInfo {
  code: string;
  expires_at: number | null;
  uses_left: number | null;
  /** Username of the member who invited, when a member did. */
  invited_by: string | null;
}

export type ClaimState = "new" | "code_sent" | "locked" | "verified";

/** GET /registration/claims/{code}: what the claim page shows before anything is proven. */
export interface ClaimPreview {
  username: string;
  display_name: string;
  city_name: string | null;
  user_type: number;
  avatar: MediaImage | null;
  target_kind: "email" | "phone";
  target_hint: string;
  state: ClaimState;
  attempts_left: number;
  code_expires_at: number | null;
  expires_at: number;
}

/** POST /registration/claims/{code}/verify. */
export interface ClaimCodeVerified {
  bind_token: string;
  bind_expires_at: number;
}

/** POST /registration/claims/{code}/password: the claimed account, signed in. */
export type ClaimBound = IssuedTokens & { user_id: number };

/** POST /registration/third-party/authorize: where to send the browser, and what to keep for the callback. */
export interface ThirdPartyAuthorization {
  authorization_url: string;
  state: string;
  nonce: string;
  code_verifier: string;
}

/** POST /registration/third-party: signed in, with what happened to the account. */
export type ThirdPartySignIn = IssuedTokens & { outcome: "signed_in" | "linked" | "created"; user: UserDataResponse };

/** GET /registration/third-party/providers. */
export interface ThirdPartyProviders {
  providers: string[];
}

/** GET /registration/sms: the member's phone and a code on its way, if any. */
export interface PhoneStatus {
  phone: string | null;
  phone_verified_at: number | null;
  pending: { phone_hint: string; expires_at: number; attempts_left: number } | null;
}

/** POST /registration/claims/{code}/resend: where the new code went (masked) and until when it holds. */
export interface ClaimCodeSent {
  sent_to: string;
  code_expires_at: number;
}

/** POST /registration/claims (201, back office): the claimable profile and the code its owner claims it with. */
export interface ClaimableProfileCreated {
  user_id: number;
  invite_code: string;
}

/** POST /registration/invitation-codes (201): a new invitation code. */
export interface InvitationCodeCreated {
  code: string;
}

/** GET /registration/third-party/providers: the sign-in providers configured on this installation. */
export interface ThirdPartyProviders {
  providers: string[];
}

/** POST /registration/sms/send: the code went to this number (masked) and holds until expires_at. */
export interface SmsCodeSent {
  phone_hint: string;
  expires_at: number;
}

/** POST /registration/sms/verify: the number is verified. */
export interface SmsVerified {
  phone: string;
  phone_verified_at: number;
}
