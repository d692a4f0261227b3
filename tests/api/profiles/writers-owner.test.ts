/**
 * Issue 24 item 4: the writers of profile fields belong to the profiles module; registration and settings call
 * them through its public file and registration no longer offers them.
 */
import { describe, expect, it } from "vitest";
import * as profiles from "#server/modules/profiles/index";
import * as registration from "#server/modules/registration/index";

const WRITERS = [
  "checkAppearance",
  "writeProfile",
  "writeAppearance",
  "writeServices",
  "writeAvailability",
  "writeBusinessServices",
  "writeBusinessSchedule",
  "writeBusinessDescription",
  "profileCityColumns",
];

describe("the writers of profile fields", () => {
  it("are the profiles module's", () => {
    for (const name of WRITERS) expect(typeof (profiles as Record<string, unknown>)[name], name).toBe("function");
  });

  it("are not offered by registration any more", () => {
    for (const name of WRITERS) expect((registration as Record<string, unknown>)[name], name).toBeUndefined();
  });
});
