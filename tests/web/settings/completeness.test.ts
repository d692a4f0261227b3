import { describe, expect, it } from "vitest";
import { profileCompleteness, type CompletenessInput } from "#server/contract/settings";
import { USER_TYPE } from "#server/contract/users";

const empty: CompletenessInput = {
  photo_count: 0,
  city: "",
  description: "",
  status: "",
  height: null,
  weight: null,
  traits: {},
  prices: {},
  schedule: [],
};
const escort = { userType: USER_TYPE.escort, businessKind: null };

describe("profile completeness (my_dashboard)", () => {
  it("starts an escort at the photo and walks her through what clients look for", () => {
    const start = profileCompleteness(empty, escort);
    expect(start.percent).toBe(0);
    expect(start.next).toEqual({ key: "photo", done: false, page: "media_gallery" });
    expect(start.items.map((item) => item.key)).toEqual([
      "photo",
      "city",
      "description",
      "services",
      "prices",
      "hours",
      "appearance",
      "status",
    ]);
    const half = profileCompleteness(
      { ...empty, photo_count: 2, city: "Berlin", description: "Hallo", traits: { escort_service: [101] } },
      escort,
    );
    expect(half.percent).toBe(50);
    expect(half.next).toEqual({ key: "prices", done: false, page: "service_prices" });
    const whole = profileCompleteness(
      {
        ...empty,
        photo_count: 1,
        city: "Berlin",
        description: "x",
        status: "y",
        height: 170,
        weight: null,
        traits: { escort_service: [1] },
        prices: { price_60_mins: 200 },
        schedule: [{ day: 1, time_from: "10:00", time_to: "12:00", is_over_day: false }],
      },
      escort,
    );
    expect(whole).toMatchObject({ percent: 100, next: null });
  });

  it("asks less of clients, and of a club no prices", () => {
    expect(profileCompleteness(empty, { userType: USER_TYPE.client, businessKind: null }).items.map((item) => item.key)).toEqual([
      "photo",
      "city",
      "description",
      "appearance",
    ]);
    const club = profileCompleteness(
      { ...empty, traits: { company_service: [1] } },
      { userType: USER_TYPE.business, businessKind: "club" },
    );
    expect(club.items.map((item) => item.key)).toEqual(["photo", "description", "services", "hours", "status"]);
    expect(club.items.find((item) => item.key === "services")).toEqual({ key: "services", done: true, page: "name_characteristics" });
    const agency = profileCompleteness(empty, { userType: USER_TYPE.business, businessKind: "agency" });
    expect(agency.items.map((item) => item.key)).toContain("prices");
  });
});
