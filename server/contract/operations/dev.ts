/** The dev group's operations (ADR 062; DEV_ROUTES only, never in production). */
import * as v from "valibot";
import { DEV_CLOCK_MAX_MINUTES } from "../dev";
import { defineOperation } from "../operation";

export const devOps = {
  outbox: defineOperation({
    method: "get",
    path: "/api/v2/dev/outbox",
    query: v.object({
      to: v.optional(v.pipe(v.string(), v.trim())),
      limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100)), "20"),
    }),
    response: "DevOutbox",
  }),
  clock: defineOperation({
    method: "post",
    path: "/api/v2/dev/clock",
    body: v.object({
      minutes: v.pipe(
        v.number("validation.invalid"),
        v.integer("validation.invalid"),
        v.minValue(1, "validation.invalid"),
        v.maxValue(DEV_CLOCK_MAX_MINUTES, "validation.invalid"),
      ),
    }),
    response: "DevClock",
  }),
};
