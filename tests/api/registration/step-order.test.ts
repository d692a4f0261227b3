import { describe, expect, it } from "vitest";
import { emailVerificationPath, mustVerifyEmail, VERIFIED_EMAIL_NEEDED, verifyEmailFirst } from "#server/contract/email-verification";
import { nextRegisterStep, registerStepsFor, requiredDestination, type PostLoginUser } from "#server/contract/registration";
import { USER_TYPE } from "#server/contract/users";

const done: PostLoginUser = {
  userType: USER_TYPE.escort,
  registerCompletedStep: 10,
  forcedFakeCheck: false,
};
const verified = { isEmailVerified: true, emailWasVerified: true, isBouncedEmail: false };

describe("registration steps per user type", () => {
  it("gives escorts every step, clients no services or availability, businesses their named steps", () => {
    expect(registerStepsFor(USER_TYPE.escort).map((s) => s.key)).toEqual([
      "sign-up",
      "photo",
      "profile",
      "appearance",
      "services",
      "availability",
      "completed",
    ]);
    expect(registerStepsFor(USER_TYPE.client).map((s) => s.key)).toEqual(["sign-up", "photo", "profile", "appearance", "completed"]);
    expect(registerStepsFor(USER_TYPE.business).map((s) => s.key)).toEqual([
      "basic",
      "services",
      "schedule",
      "description",
      "photo",
      "escorts",
      "completed",
    ]);
  });

  it("finds the next unfinished step", () => {
    expect(nextRegisterStep(USER_TYPE.escort, 1)?.key).toBe("photo");
    expect(nextRegisterStep(USER_TYPE.client, 4)?.key).toBe("completed");
    expect(nextRegisterStep(USER_TYPE.escort, 4)?.key).toBe("services");
    expect(nextRegisterStep(USER_TYPE.escort, 10)).toBeNull();
  });
});

describe("where a user goes after login", () => {
  it("sends a forced age check first", () => {
    expect(requiredDestination({ ...done, forcedFakeCheck: true, registerCompletedStep: 2 })).toBe(
      "user/age_check_verification?type=forced",
    );
  });
  it("then the unfinished registration step", () => {
    expect(requiredDestination({ ...done, registerCompletedStep: 2 })).toBe("join/user/profile?reason=finish_reg");
    expect(requiredDestination({ ...done, userType: USER_TYPE.business, registerCompletedStep: 1 })).toBe(
      "join/business/services?reason=finish_reg",
    );
  });
  it("never an unverified e-mail address: that member browses on (ADR 024)", () => {
    // An unverified address was a duty once: every page redirected to the verification page, "later" looped back.
    expect(requiredDestination(done)).toBeNull();
    expect(requiredDestination({ ...done, userType: USER_TYPE.business })).toBeNull();
  });
  it("otherwise nowhere", () => {
    expect(requiredDestination(done)).toBeNull();
  });
});

describe("e-mail verification (spec section 4, ADR 024)", () => {
  it("is needed unless the address was verified before and has not bounced since", () => {
    expect(mustVerifyEmail({ ...verified, isEmailVerified: false, emailWasVerified: false })).toBe(true);
    expect(mustVerifyEmail({ ...verified, isEmailVerified: false, emailWasVerified: true })).toBe(false);
    expect(mustVerifyEmail({ ...verified, isEmailVerified: false, emailWasVerified: true, isBouncedEmail: true })).toBe(true);
    expect(mustVerifyEmail(verified)).toBe(false);
  });
  it("holds back only what reaches other members or publishes", () => {
    const unverified = { ...verified, isEmailVerified: false, emailWasVerified: false };
    const held = Object.keys(VERIFIED_EMAIL_NEEDED).filter((action) =>
      verifyEmailFirst(unverified, action as keyof typeof VERIFIED_EMAIL_NEEDED),
    );
    expect(held.sort()).toEqual(["date_request", "message", "post", "review"]);
    for (const action of Object.keys(VERIFIED_EMAIL_NEEDED))
      expect(verifyEmailFirst(verified, action as keyof typeof VERIFIED_EMAIL_NEEDED)).toBe(false);
  });
  it("has one page per wizard", () => {
    expect(emailVerificationPath(USER_TYPE.client)).toBe("join/user/email");
    expect(emailVerificationPath(USER_TYPE.business)).toBe("join/business/email");
  });
});
