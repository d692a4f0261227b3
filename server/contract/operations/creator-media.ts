/**
 * The creator-media operations (issue 28 items 2, 4, 7; ADR 062, 093): a medium's access ("puzzle photo and cancel"),
 * buy-puzzle-medium in the spec's wallets group, and the creator content group (defaults, content-create's media).
 */
import * as v from "valibot";
import {
  buyPuzzleMediumSchema,
  creatorDefaultsSchema,
  creatorMediumSchema,
  mediumAccessSchema,
  mediumIdSchema,
  puzzleSchema,
} from "../creator-media";
import { defineOperation } from "../operation";

/** POST /creator-content/media/defaults: the media just uploaded through content-create (at most one upload's worth). */
export const applyDefaultsSchema = v.object({
  ids: v.pipe(v.array(mediumIdSchema, "validation.invalid"), v.maxLength(16, "validation.invalid")),
});

export const creatorMediaOps = {
  access: defineOperation({ method: "put", path: "/api/v2/media/:id/access", body: mediumAccessSchema, response: "MediumAccessState" }),
  puzzle: defineOperation({ method: "post", path: "/api/v2/media/:id/puzzle", body: puzzleSchema, response: "MediumAccessState" }),
  puzzleCancel: defineOperation({ method: "post", path: "/api/v2/media/:id/puzzle/cancel", response: "MediumAccessState" }),
  buyQuote: defineOperation({ method: "get", path: "/api/v2/wallets/buy-puzzle-medium/:id", response: "PuzzleMediumQuote" }),
  buy: defineOperation({
    method: "post",
    path: "/api/v2/wallets/buy-puzzle-medium",
    body: buyPuzzleMediumSchema,
    response: "PuzzleMediumPurchase",
  }),
  defaults: defineOperation({ method: "get", path: "/api/v2/creator-content/defaults", response: "CreatorDefaults" }),
  saveDefaults: defineOperation({
    method: "put",
    path: "/api/v2/creator-content/defaults",
    body: creatorDefaultsSchema,
    response: "CreatorDefaults",
  }),
  list: defineOperation({ method: "get", path: "/api/v2/creator-content/media", response: "CreatorMediaList" }),
  applyDefaults: defineOperation({
    method: "post",
    path: "/api/v2/creator-content/media/defaults",
    body: applyDefaultsSchema,
    response: "CreatorDefaults",
  }),
  medium: defineOperation({ method: "get", path: "/api/v2/creator-content/media/:id", response: "CreatorMedium" }),
  saveMedium: defineOperation({
    method: "put",
    path: "/api/v2/creator-content/media/:id",
    body: creatorMediumSchema,
    response: "CreatorMedium",
  }),
};
