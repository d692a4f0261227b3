/**
 * The tracker's hand check of one event (server/modules/activity/parse.ts, ADR 146) against the schema it stands in
 * for (activityEventSchema): the same verdict and the same output for every line, valid and broken.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { activityEventSchema } from "#server/contract/activity";
import { parseActivityEvent } from "#server/modules/activity/parse";
import { parseActivityLines, visitorKey } from "#server/modules/activity/service";
import { hmac } from "#server/lib/crypto";

const valid = {
  actor: { id: 1 },
  object: 7,
  title: "profile_view",
  provider: "profile",
  generator: "velora-tracker/1",
  published: 1,
  id: "e1",
};
const long = "x".repeat(121);
const atMax = "x".repeat(120);

const cases: unknown[] = [
  valid,
  { object: 7, title: "phone_click", published: 0, id: "" },
  { ...valid, target: atMax, provider: atMax, generator: atMax, id: atMax },
  { ...valid, extra: "dropped" },
  { ...valid, actor: null },
  { ...valid, object: 2_147_483_647 },
  { ...valid, object: 2_147_483_648 },
  { ...valid, object: 0 },
  { ...valid, object: -3 },
  { ...valid, object: 1.5 },
  { ...valid, object: "7" },
  { ...valid, object: null },
  { ...valid, title: "website_click" },
  { ...valid, title: "other" },
  { ...valid, title: 1 },
  { ...valid, target: long },
  { ...valid, target: 3 },
  { ...valid, target: null },
  { ...valid, provider: long },
  { ...valid, generator: false },
  { ...valid, published: -1 },
  { ...valid, published: 1.25 },
  { ...valid, published: "1" },
  { ...valid, id: long },
  { ...valid, id: 5 },
  { object: 7, title: "profile_view", published: 1 },
  { title: "profile_view", published: 1, id: "e" },
  { ...valid, id: "ä".repeat(120) },
  { ...valid, id: "😀".repeat(61) },
  [valid],
  [],
  null,
  "text",
  42,
  true,
];

describe("tracker events checked by hand", () => {
  it.each(cases.map((value) => [JSON.stringify(value), value]))("%s: the schema's verdict and output", (_, value) => {
    const reference = v.safeParse(activityEventSchema, value);
    expect(parseActivityEvent(value)).toEqual(reference.success ? reference.output : null);
  });

  it("a batch's lines: broken ones counted, blank ones skipped, the rest in order", () => {
    const text = [
      JSON.stringify(valid),
      "",
      "{not json",
      JSON.stringify({ ...valid, object: 0 }),
      `  ${JSON.stringify({ ...valid, object: 9 })}  `,
      "x".repeat(2049),
      "",
    ].join("\n");
    const { events, malformed } = parseActivityLines(text);
    expect(events.map((event) => event.object)).toEqual([7, 9]);
    expect(malformed).toBe(3);
  });
});

describe("the visitor's key", () => {
  it("is lib/crypto's HMAC of the same message, cut to 22 characters", () => {
    const visitor = { userId: 12, ip: "203.0.113.9", userAgent: "UA" };
    expect(visitorKey("secret-a", "2026-12-07", 7, visitor)).toBe(hmac("secret-a", "profile-view|2026-12-07|7|member:12").slice(0, 22));
    expect(visitorKey("secret-b", "2026-12-07", 7, { ...visitor, userId: null })).toBe(
      hmac("secret-b", "profile-view|2026-12-07|7|guest:203.0.113.9|UA").slice(0, 22),
    );
  });
});
