/**
 * The operator's calendar (contract/calendar.ts): days and wall-clock times in Europe/Berlin, across both clock
 * changes, and content-create's publication time read as such a wall-clock time (contract/creator-media.ts).
 */
import { describe, expect, it } from "vitest";
import { operatorDayOf, operatorDayStart, operatorInstantOfWall, operatorWallTimeOf } from "#server/contract/calendar";
import { localFromPublishAt, publishAtFromLocal } from "#server/contract/creator-media";

const utc = (iso: string) => Date.parse(iso);

describe("the operator's calendar", () => {
  it("starts days at Berlin midnight in winter and summer, and on the days the clocks change", () => {
    expect(operatorDayStart("2026-01-15")).toBe(utc("2026-01-14T23:00:00Z"));
    expect(operatorDayStart("2026-07-15")).toBe(utc("2026-07-14T22:00:00Z"));
    // 29 March 2026: 02:00 becomes 03:00; the day still starts at midnight, winter time.
    expect(operatorDayStart("2026-03-29")).toBe(utc("2026-03-28T23:00:00Z"));
    // 25 October 2026: 03:00 becomes 02:00; the day starts at midnight, summer time.
    expect(operatorDayStart("2026-10-25")).toBe(utc("2026-10-24T22:00:00Z"));
    expect(operatorDayOf(utc("2026-10-24T22:00:00Z"))).toBe("2026-10-25");
    expect(operatorDayOf(utc("2026-10-24T21:59:59Z"))).toBe("2026-10-24");
  });

  it("turns wall-clock times into instants and back", () => {
    for (const wall of ["2026-01-15T08:30", "2026-07-15T20:05", "2026-03-29T03:30", "2026-10-25T12:00"]) {
      const at = operatorInstantOfWall(utc(`${wall}:00Z`));
      expect(operatorWallTimeOf(at)).toBe(wall);
    }
    expect(operatorInstantOfWall(utc("2026-07-15T20:05:00Z"))).toBe(utc("2026-07-15T18:05:00Z"));
  });

  it("reads a scheduled publication as Berlin time, and refuses what is not a time", () => {
    expect(publishAtFromLocal("2026-12-24T18:00")).toBe(utc("2026-12-24T17:00:00Z"));
    expect(localFromPublishAt(utc("2026-12-24T17:00:00Z"))).toBe("2026-12-24T18:00");
    for (const bad of ["2026-12-24", "2026-12-24T24:00", "2026-12-24T18:60", "tomorrow", "2026-13-01T10:00"]) {
      expect(publishAtFromLocal(bad)).toBeNull();
    }
  });
});
