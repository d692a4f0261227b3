/** HTTP of the member's data export (issue 10, user/data_privacy; ADR 032). Consents are the consents module's. */
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { exportStatus, openExport, requestExport } from "./service";
import { privacyOps } from "../../contract/operations/privacy";

/** Ids are positive integers that fit the id column; anything else names no export. */
const exportIdOf = (raw: string | undefined) => rowIdParam(raw);

export function registerPrivacy({ v2, deps }: ModuleContext): void {
  v2.add(
    privacyOps.exportStatus,
    {
      summary:
        "The caller's newest data export {latest: {id, state, created_at, ready_at, expires_at, size_bytes} | null, next_request_at}.",
      tag: "user",
      auth: "required",
    },
    async (c, { user }) => ok(c, await exportStatus(deps, user!.id)),
  );
  v2.add(
    privacyOps.requestExport,
    {
      summary:
        "Requests an export of all the caller's data (a ZIP of JSON and their photos, built in the background; a mail says when it is ready). 202 with the export. 409 exception.privacy.export_in_progress, 429 exception.privacy.export_too_soon (one a day; next_request_at).",
      tag: "user",
      auth: "required",
      statuses: [409, 429],
    },
    async (c, { user }) => ok(c, await requestExport(deps, user!.id), { status: 202 }),
  );
  v2.add(
    privacyOps.exportFile,
    {
      summary: "The ZIP of the caller's ready export while it is downloadable (7 days). 404 otherwise, and for anybody else's export.",
      tag: "user",
      auth: "required",
      statuses: [404],
    },
    async (c, { user }) => {
      const file = await openExport(deps, user!.id, exportIdOf(c.req.param("id")));
      const day = new Date(file.createdAt).toISOString().slice(0, 10);
      return c.body(file.object.body, 200, {
        "Content-Type": "application/zip",
        "Content-Length": String(file.object.size),
        "Content-Disposition": `attachment; filename="velora-data-${day}.zip"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      });
    },
  );
}
