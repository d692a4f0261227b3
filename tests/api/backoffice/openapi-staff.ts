/**
 * The back-office operations as the OpenAPI document lists them (ADR 116), and any other operation that declares a
 * staff permission: method, path and the staff matrix's permission each declares (`x-staff-permission`). The
 * permission and audit walks start from here, so an operation added anywhere is walked without anyone listing it.
 */
import type { StaffPermission } from "#server/contract/staff-permissions";
import type { TestRuntime } from "../../helpers/runtime";

export interface StaffOperation {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** As the document writes it: /api/v2/backoffice/media/{id}/accept. */
  path: string;
  permission: StaffPermission | undefined;
  /** "POST /api/v2/backoffice/media/{id}/accept": what the fixture tables are keyed by. */
  key: string;
}

const MUTATING = new Set(["post", "put", "patch", "delete"]);

export async function backofficeOperations(rt: TestRuntime): Promise<StaffOperation[]> {
  const response = await rt.request("/api/v2/openapi.json");
  const doc = (await response.json()) as { paths: Record<string, Record<string, { "x-staff-permission"?: StaffPermission }>> };
  const out: StaffOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      // Every back-office path, and a staff action declared elsewhere (a live stream's staff end, say): the router
      // checks `staff` on any path, so the walks do too.
      if (!/\/backoffice(\/|$)/.test(path) && !op["x-staff-permission"]) continue;
      out.push({
        method: method as StaffOperation["method"],
        path,
        permission: op["x-staff-permission"],
        key: `${method.toUpperCase()} ${path}`,
      });
    }
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

export const isMutating = (op: StaffOperation) => MUTATING.has(op.method);

/** The path with every {param} filled: by `params`, else a positive id that names nothing in particular. */
export function filledPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => String(params[name] ?? 1));
}
