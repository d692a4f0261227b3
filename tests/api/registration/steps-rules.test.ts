import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { completedStepAfter, mayEnterRegisterStep } from "#server/contract/registration";
import { appearanceStepSchema, penisFieldsApply, scheduleSlotSchema, servicesStepSchema } from "#server/contract/registration-steps";
import { isValidTraitOption } from "#server/contract/traits";
import { GENDER, REGISTER_COMPLETED_STEP, REGISTER_STEP, USER_TYPE } from "#server/contract/users";
import { registrationAttributesFor } from "#server/db/seed/registration";
import { fieldNameOf, regroupErrors } from "~/features/registration/step-forms";

describe("appearance ranges (spec section 5)", () => {
  for (const [field, min, max, integer] of [
    ["height", 145, 230, true],
    ["weight", 40, 200, true],
    ["penis_length", 5, 40, false],
    ["penis_diameter", 1, 15, false],
  ] as const) {
    it(`${field}: valid exactly from ${min} to ${max}, the error names both bounds`, () => {
      fc.assert(
        fc.property(fc.integer({ min: -1000, max: 1000 }), (value) => {
          const result = v.safeParse(appearanceStepSchema, { [field]: value });
          expect(result.success).toBe(value >= min && value <= max);
          if (!result.success) expect(result.issues[0]!.message).toBe(`validation.steps.range?min=${min}&max=${max}`);
        }),
      );
      if (integer) expect(v.safeParse(appearanceStepSchema, { [field]: min + 0.5 }).success).toBe(false);
    });
  }

  it("prices take whole euros from 1 to 100000", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 200_000 }), (price) => {
        expect(v.safeParse(servicesStepSchema, { prices: { price_60_mins: price } }).success).toBe(price >= 1 && price <= 100_000);
      }),
    );
  });

  it("shows penis fields to genders with a man or trans person only", () => {
    expect([GENDER.female, GENDER.female_female].map(penisFieldsApply)).toEqual([false, false]);
    expect([GENDER.male, GENDER.trans, GENDER.couple_female_male, GENDER.male_male, GENDER.trans_trans].every(penisFieldsApply)).toBe(true);
    expect(penisFieldsApply(null)).toBe(false);
  });
});

describe("step order", () => {
  it("allows done steps and the next one, never later ones; never goes backwards", () => {
    expect(mayEnterRegisterStep(USER_TYPE.escort, REGISTER_STEP.photo, "profile")).toBe("ok");
    expect(mayEnterRegisterStep(USER_TYPE.escort, REGISTER_STEP.photo, "photo")).toBe("ok");
    expect(mayEnterRegisterStep(USER_TYPE.escort, REGISTER_STEP.photo, "appearance")).toBe("not_reached");
    expect(mayEnterRegisterStep(USER_TYPE.client, REGISTER_STEP.appearance, "services")).toBe("unknown_step");
    expect(completedStepAfter(USER_TYPE.escort, REGISTER_STEP.appearance, REGISTER_STEP.profile)).toBe(REGISTER_STEP.appearance);
    expect(completedStepAfter(USER_TYPE.client, REGISTER_STEP.profile, REGISTER_STEP.appearance)).toBe(REGISTER_COMPLETED_STEP);
    expect(completedStepAfter(USER_TYPE.business, 5, 6)).toBe(REGISTER_COMPLETED_STEP);
  });
});

describe("form error mapping", () => {
  it("maps API sources to field names; choice groups and files share one field", () => {
    expect(fieldNameOf("extras.0.name")).toBe("extras[0].name");
    expect(fieldNameOf("schedule.2.time_to")).toBe("schedule[2].time_to");
    expect(fieldNameOf("prices.price_60_mins")).toBe("prices.price_60_mins");
    expect(fieldNameOf("escort_service.3")).toBe("escort_service");
    expect(fieldNameOf("escort_service[3]")).toBe("escort_service");
    expect(fieldNameOf("files.4")).toBe("files");
    expect(fieldNameOf("usernames.1")).toBe("usernames[1]");
  });

  it("moves unknown fields to the general list and adds the generic hint", () => {
    const known = (name: string) => name === "height";
    expect(regroupErrors({ height: ["a"], user_id: ["b"], "": ["c"] }, known)).toEqual({
      height: ["a"],
      "": ["validation.correct_all_fields", "b", "c"],
    });
    expect(regroupErrors({ "": ["c"] }, known)).toEqual({ "": ["c"] });
  });
});

describe("seeded registration data", () => {
  it("is deterministic, uses valid options and valid slots, and respects unfinished steps", () => {
    for (const kind of ["escort", "client", "agency", "club"] as const) {
      for (let i = 0; i < 40; i++) {
        const a = registrationAttributesFor("seed", `u${i}`, kind, REGISTER_COMPLETED_STEP, 150);
        expect(registrationAttributesFor("seed", `u${i}`, kind, REGISTER_COMPLETED_STEP, 150)).toEqual(a);
        for (const [group, id] of a.traits) expect(isValidTraitOption(group, id), `${group} ${id}`).toBe(true);
        for (const slot of a.schedule) {
          expect(
            v.safeParse(scheduleSlotSchema, { day: slot.day, time_from: slot.timeFrom, time_to: slot.timeTo, is_over_day: slot.isOverDay })
              .success,
          ).toBe(true);
        }
        for (const price of a.prices) expect(price.priceEur >= 1 && price.priceEur <= 100_000).toBe(true);
        if (kind === "escort" || kind === "client") {
          expect(a.traits.filter(([g]) => ["relationship_status", "sexuality"].includes(g))).toHaveLength(2);
        }
        if (kind === "client") expect(a.schedule).toEqual([]);
      }
    }
    expect(registrationAttributesFor("seed", "x", "escort", REGISTER_STEP.photo, 150)).toEqual({ traits: [], prices: [], schedule: [] });
  });
});
