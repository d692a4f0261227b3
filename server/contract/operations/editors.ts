/** The back office's editors (issue 30 item 5, ADR 120): info and legal pages with versions, SEO landing pages. */
import { defineOperation } from "../operation";
import { landingPageActiveSchema, landingPageEditSchema, pageEditorQuerySchema, pageRestoreSchema, pageVersionSchema } from "../editors";

export const editorsOps = {
  pages: defineOperation({ method: "get", path: "/api/v2/backoffice/pages", response: "PageEditorIndex" }),
  page: defineOperation({
    method: "get",
    path: "/api/v2/backoffice/pages/:section/:key/:language",
    query: pageEditorQuerySchema,
    response: "PageEditorPage",
  }),
  publishPage: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/pages/:section/:key/:language",
    body: pageVersionSchema,
    response: "PageEditorPage",
  }),
  restorePage: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/pages/:section/:key/:language/restore",
    body: pageRestoreSchema,
    response: "PageEditorPage",
  }),
  landingPages: defineOperation({ method: "get", path: "/api/v2/backoffice/landing-pages", response: "LandingPageEditorList" }),
  landingPage: defineOperation({ method: "get", path: "/api/v2/backoffice/landing-pages/:id", response: "LandingPageEditorItem" }),
  createLandingPage: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/landing-pages",
    body: landingPageEditSchema,
    response: "LandingPageEditorItem",
  }),
  updateLandingPage: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/landing-pages/:id",
    body: landingPageEditSchema,
    response: "LandingPageEditorItem",
  }),
  setLandingPageActive: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/landing-pages/:id/active",
    body: landingPageActiveSchema,
    response: "LandingPageEditorItem",
  }),
};
