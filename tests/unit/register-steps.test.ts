import { describe, expect, it } from "vitest";
import { nextRegisterStep, registerStepsFor, requiredDestination, type PostLoginUser } from "#server/contract/register";
import { USER_TYPE } from "#server/contract/users";

const done: PostLoginUser = {
  userType: USER_TYPE.escort,
  registerCompletedStep: 10,
  forcedFakeCheck: false,
  isEmailVerified: true,
  emailWasVerified: true,
  isBouncedEmail: false,
};

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
    expect(requiredDestination({ ...done, forcedFakeCheck: true, registerCompletedStep: 2, isEmailVerified: false })).toBe(
      "user/age_check_verification?type=forced",
    );
  });
  it("then the unfinished registration step", () => {
    expect(requiredDestination({ ...done, registerCompletedStep: 2, isEmailVerified: false })).toBe("join/user/profile?reason=finish_reg");
    expect(requiredDestination({ ...done, userType: USER_TYPE.business, registerCompletedStep: 1 })).toBe(
      "join/business/services?reason=finish_reg",
    );
  });
  it("then e-mail verification, unless the address was verified before and has not bounced", () => {
    expect(requiredDestination({ ...done, isEmailVerified: false, emailWasVerified: false })).toBe("join/user/email");
    expect(requiredDestination({ ...done, isEmailVerified: false, emailWasVerified: true })).toBeNull();
    expect(requiredDestination({ ...done, isEmailVerified: false, emailWasVerified: true, isBouncedEmail: true })).toBe("join/user/email");
    expect(requiredDestination({ ...done, userType: USER_TYPE.business, isEmailVerified: false, emailWasVerified: false })).toBe(
      "join/business/email",
    );
  });
  it("otherwise nowhere", () => {
    expect(requiredDestination(done)).toBeNull();
  });
});
