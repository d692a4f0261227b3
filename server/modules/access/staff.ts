/**
 * The staff side of the access kernel (issue 30 item 5): every back-office service asks `requireStaffPermission`
 * before it reads or acts, the same check the router makes before the handler (server/api/staff-gate.ts).
 */
import { staffRoleOfUserType } from "../../contract/staff-permissions";

export { requireStaffPermission } from "../../api/staff-gate";
export const staffRoleOf = staffRoleOfUserType;
