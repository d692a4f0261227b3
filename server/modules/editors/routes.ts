import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { PAGE_LIMITS } from "../../contract/editors";
import { editorsOps } from "../../contract/operations/editors";
import { createLandingPage, landingPageForEditor, landingPagesForEditor, setLandingPageActive, updateLandingPage } from "./landing-pages";
import { pageEditor, pageEditorIndex, publishPageVersion, restorePageVersion } from "./pages";

const PRIVATE = "private, no-store";
const STAFF = "Staff with content.edit (team, backend); 403 exception.backoffice.staff_only / role_forbidden otherwise.";

/** The back office's editors (issue 30 item 5, ADR 120). Every POST writes one audit row in its transaction. */
export function registerEditors({ v2, deps }: ModuleContext): void {
  const base = { tag: "backoffice", auth: "required" } as const;
  const address = (c: { req: { param: (name: string) => string | undefined } }) => ({
    section: c.req.param("section") ?? "",
    key: c.req.param("key") ?? "",
    language: c.req.param("language") ?? "",
  });
  v2.add(
    editorsOps.pages,
    {
      ...base,
      staff: "content.edit",
      summary: `Every info and legal page with the version in force per language (null: the file on disk). ${STAFF}`,
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await pageEditorIndex(deps, user!.id));
    },
  );
  v2.add(
    editorsOps.page,
    {
      ...base,
      staff: "content.edit",
      summary: `One page in one language: the text of ?version= (default: in force), its line diff against the version before, and the history (newest first). 404 for an unknown page, language or version. ${STAFF}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await pageEditor(deps, user!.id, address(c), query.version));
    },
  );
  v2.add(
    editorsOps.publishPage,
    {
      ...base,
      staff: "content.edit",
      summary: `Publishes a new version (title, description, markdown up to ${PAGE_LIMITS.markdownMax} characters, reason ${PAGE_LIMITS.reasonMin}–${PAGE_LIMITS.reasonMax}); the one in force becomes what /previous serves. The first edit stores the file's text as version 1. 409 exception.editors.page_changed when another edit won. ${STAFF}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await publishPageVersion(deps, user!.id, address(c), body)),
  );
  v2.add(
    editorsOps.restorePage,
    {
      ...base,
      staff: "content.edit",
      summary: `Publishes an old version's text again as the newest version (with a reason). 404 for an unknown version. ${STAFF}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await restorePageVersion(deps, user!.id, address(c), body)),
  );
  v2.add(
    editorsOps.landingPages,
    {
      ...base,
      staff: "content.edit",
      summary: `Every SEO landing page (lp/{short_url}) with its filters and texts per language. ${STAFF}`,
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await landingPagesForEditor(deps, user!.id));
    },
  );
  v2.add(
    editorsOps.landingPage,
    { ...base, staff: "content.edit", summary: `One landing page. 404 unknown id. ${STAFF}`, statuses: [401, 403, 404] },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await landingPageForEditor(deps, user!.id, rowIdParam(c.req.param("id"))));
    },
  );
  v2.add(
    editorsOps.createLandingPage,
    {
      ...base,
      staff: "content.edit",
      summary: `A new landing page, published at once: short_url (lower-case words joined by hyphens, unique: 400 validation.editors.short_url_taken), user_type escort|client, city slug, gender 1|2 or empty, title/description per language (German required) and intro. ${STAFF}`,
      statuses: [400, 401, 403],
    },
    async (c, { user, body }) => ok(c, await createLandingPage(deps, user!.id, body)),
  );
  v2.add(
    editorsOps.updateLandingPage,
    {
      ...base,
      staff: "content.edit",
      summary: `Replaces a landing page's address, filters and texts; the public page shows them at once. ${STAFF}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await updateLandingPage(deps, user!.id, rowIdParam(c.req.param("id")), body)),
  );
  v2.add(
    editorsOps.setLandingPageActive,
    {
      ...base,
      staff: "content.edit",
      summary: `Publishes (true) or takes off line (false) a landing page; lp/{short_url} of an inactive page goes home. ${STAFF}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await setLandingPageActive(deps, user!.id, rowIdParam(c.req.param("id")), body.active)),
  );
}
