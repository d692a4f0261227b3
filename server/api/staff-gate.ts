/**
 * The staff permission check (issue 30 item 5, ADR 116), here in the API layer so the router can ask it before any
 * back-office handler without importing the modules; the access kernel hands the same function to the services.
 * The role is read from the database on every call (a demoted or banned account loses its rights at once). Members
 * and guests get 403 exception.backoffice.staff_only; staff whose role lacks the permission get 403
 * exception.backoffice.role_forbidden.
 */
import { roleMay, staffRoleOfUserType, type StaffPermission } from "../contract/staff-permissions";
import type { StaffRole } from "../contract/staff";
import { fail } from "./errors";
import type { ApiDeps } from "./types";

export async function requireStaffPermission(deps: Pick<ApiDeps, "db">, userId: number, permission: StaffPermission): Promise<StaffRole> {
  const row = await deps.db.selectFrom("users").select(["user_type", "status"]).where("id", "=", userId).executeTakeFirst();
  const role = row && row.status === "active" ? staffRoleOfUserType(row.user_type) : null;
  if (!role) throw fail.forbidden("exception.backoffice.staff_only");
  if (!roleMay(role, permission)) throw fail.forbidden("exception.backoffice.role_forbidden");
  return role;
}
