/** Bundles' operations (issue 28 item 1, ADR 062, 092): the creator's bundles, the profile tab, buying, the team's queue. */
import { defineOperation } from "../operation";
import { bundleBuySchema, bundleInputSchema, bundleQueueQuerySchema, bundleRejectSchema } from "../bundles";

export const bundlesOps = {
  mine: defineOperation({ method: "get", path: "/api/v2/bundles/my", response: "OwnBundleList" }),
  selectableMedia: defineOperation({ method: "get", path: "/api/v2/bundles/my/media", response: "BundleSelectableMedia" }),
  purchased: defineOperation({ method: "get", path: "/api/v2/bundles/purchased", response: "PurchasedBundleList" }),
  ofCreator: defineOperation({ method: "get", path: "/api/v2/bundles/user/:username", response: "BundleTileList" }),
  create: defineOperation({ method: "post", path: "/api/v2/bundles", body: bundleInputSchema, response: "OwnBundle" }),
  own: defineOperation({ method: "get", path: "/api/v2/bundles/:id/own", response: "OwnBundle" }),
  update: defineOperation({ method: "put", path: "/api/v2/bundles/:id", body: bundleInputSchema, response: "OwnBundle" }),
  publish: defineOperation({ method: "post", path: "/api/v2/bundles/:id/publish", response: "OwnBundle" }),
  activate: defineOperation({ method: "post", path: "/api/v2/bundles/:id/activate", response: "OwnBundle" }),
  deactivate: defineOperation({ method: "post", path: "/api/v2/bundles/:id/deactivate", response: "OwnBundle" }),
  remove: defineOperation({ method: "delete", path: "/api/v2/bundles/:id", response: "OwnBundle" }),
  detail: defineOperation({ method: "get", path: "/api/v2/bundles/:id", response: "BundleDetail" }),
  buy: defineOperation({ method: "post", path: "/api/v2/bundles/:id/buy", body: bundleBuySchema, response: "BundleBuyAnswer" }),
  /** The blurred cover (a JPEG): contract/creators bundlePreviewPath is its web address. */
  preview: defineOperation({ method: "get", path: "/api/v2/bundles/:id/preview" }),
  queue: defineOperation({ method: "get", path: "/api/v2/backoffice/bundles", query: bundleQueueQuerySchema, response: "BundleQueue" }),
  accept: defineOperation({ method: "post", path: "/api/v2/backoffice/bundles/:id/accept", response: "BundleDecision" }),
  reject: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/bundles/:id/reject",
    body: bundleRejectSchema,
    response: "BundleDecision",
  }),
};
