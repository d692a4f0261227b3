/**
 * The back office's permission matrix (issue 30 item 5): what each staff role may see and do. One line per
 * permission; the access kernel (server/modules/access/staff.ts) enforces it on every back-office call and
 * docs/architecture.md prints it. The team moderates and looks after members; backend staff do that too and alone
 * touch money, accounts' KYC and the audit trail (ADR 080: money is the backend role's alone).
 */
import type { StaffRole } from "./staff";
import { USER_TYPE } from "./users";

const BOTH: readonly StaffRole[] = ["team", "backend"];
const BACKEND: readonly StaffRole[] = ["backend"];

export const STAFF_PERMISSIONS = {
  /** The content queues: media, texts, bundles, blogs, events, comments, reviews, promotions. */
  "queues.decide": BOTH,
  /** Identity, photo and age checks: decide, force, reset. */
  "verification.decide": BOTH,
  /** Reports (notices) and the statements of reasons that follow. */
  "reports.decide": BOTH,
  /** Internal complaints (DSA Art. 20); the kernel also refuses the staff member who took the first decision. */
  "appeals.decide": BOTH,
  /** Member search and a member's page (read). */
  "members.read": BOTH,
  /** Ban, unban, pause, force a fake check or an age check, reset a verification. */
  "members.act": BOTH,
  /** Trusted flaggers and the shared warning list's objections. */
  "trust.manage": BACKEND,
  /** Announcements, info and legal pages, SEO landing pages. */
  "content.edit": BOTH,
  /** Orders, refunds, bank, accounting, ledger, payouts. */
  "money.manage": BACKEND,
  /** KYC for payouts: expire and reset. */
  "kyc.manage": BACKEND,
  /** The audit trail of every staff action, and the transparency report's runs. */
  "audit.read": BACKEND,
  /** Other staff accounts' sign-in: reset a colleague's second factor (ADR 117). */
  "staff.manage": BACKEND,
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof STAFF_PERMISSIONS;
export const STAFF_PERMISSION_NAMES = Object.keys(STAFF_PERMISSIONS) as StaffPermission[];

export function roleMay(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The staff role of a user type (backend 9, team 10), or null for members. */
export function staffRoleOfUserType(userType: number): StaffRole | null {
  if (userType === USER_TYPE.backend) return "backend";
  if (userType === USER_TYPE.team) return "team";
  return null;
}

/** Whether an account of this user type may use a permission: the web tier's question for pages and links. */
export function userTypeMay(userType: number, permission: StaffPermission): boolean {
  const role = staffRoleOfUserType(userType);
  return role !== null && roleMay(role, permission);
}
