/**
 * The back office's members, read side (issue 30 item 5, ADR 118): the member search and a member's page. Both ask the
 * access kernel for members.read first. The page reads every other module through its public file: verification and
 * age checks, statements, the audit trail, and money — balances for every staff role, orders and ledger entries for
 * backend staff only (money.manage, ADR 080).
 */
import { kycStateOf } from "../kyc/index";
import { sql, type Kysely } from "kysely";
import * as v from "valibot";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { orderFilterSchema } from "../../contract/accounting";
import { MEDIA_KIND, MEDIA_STATUS } from "../../contract/media";
import {
  MEMBER_ERRORS,
  MEMBER_PAGE_LEDGER,
  MEMBER_PAGE_ORDERS,
  MEMBER_PAGE_REPORTS,
  MEMBER_PAGE_SESSIONS,
  MEMBER_PAGE_STATEMENTS,
  MEMBERS_PAGE_SIZE,
  memberSearchTypeCode,
  type BackofficeMember,
  type MemberLedgerRow,
  type MemberReportRow,
  type MemberRestriction,
  type MemberSearchPage,
  type MemberSearchQuery,
  type MemberSession,
  type MemberStatementRow,
} from "../../contract/members";
import { roleMay } from "../../contract/staff-permissions";
import { statementReference, type StatementSubjectKind } from "../../contract/statements";
import { isStaffUserType } from "../../contract/users";
import type { Database } from "../../db/schema";
import { slugify } from "../../db/geo/slug";
import { requireStaffPermission } from "../access/index";
import { listOrders } from "../accounting/index";
import { ageCheckSummaryOf } from "../age-verification/index";
import { auditTrailOf } from "../audit/index";
import { memberLedger } from "../ledger-office/index";
import { memberBalances } from "../ledger/index";
import { MEDIA_IMAGE_COLUMNS, mediaImageOf } from "../media/index";
import { trustLevelFor, verificationBadgesOf, verificationOverview, NO_BADGES } from "../verification/index";

type Db = Kysely<Database>;

/** A string above every string that starts with `prefix` in SQLite's bytewise order (U+10FFFF is the largest code point). */
const UPPER = "\u{10FFFF}";
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /backoffice/members. Every filter rides an index (migration 0102; EXPLAIN in the tests): id the primary key, e-mail
 * its unique key, the username's beginning a range of username_key, type and status (column, id), the city its
 * profiles (city_slug, user_id). Newest accounts first; one row more than the page tells whether another follows.
 */
export async function searchMembers(deps: ApiDeps, staffId: number, query: MemberSearchQuery): Promise<MemberSearchPage> {
  await requireStaffPermission(deps, staffId, "members.read");
  let q = deps.db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select([
      "users.id",
      "users.username",
      "users.email",
      "users.user_type",
      "users.status",
      "users.language",
      "users.created_at",
      "users.last_active_at",
      "profiles.city_name",
    ]);
  if (query.id) q = q.where("users.id", "=", Number(query.id));
  if (query.email) q = q.where("users.email_key", "=", query.email);
  if (query.username) {
    const prefix = query.username.toLowerCase();
    q =
      deps.dialect === "postgres"
        ? q.where(sql<boolean>`users.username_key like ${`${likeEscaped(prefix)}%`}`)
        : q.where("users.username_key", ">=", prefix).where("users.username_key", "<", prefix + UPPER);
  }
  if (query.type) q = q.where("users.user_type", "=", memberSearchTypeCode(query.type));
  if (query.status) q = q.where("users.status", "=", query.status);
  if (query.city) q = q.where("profiles.city_slug", "=", slugify(query.city));
  const rows = await q
    .orderBy("users.id", "desc")
    .limit(MEMBERS_PAGE_SIZE + 1)
    .offset((query.page - 1) * MEMBERS_PAGE_SIZE)
    .execute();
  return {
    items: rows.slice(0, MEMBERS_PAGE_SIZE).map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      user_type: row.user_type,
      status: row.status,
      language: row.language,
      city_name: row.city_name ?? null,
      created_at: Number(row.created_at),
      last_active_at: row.last_active_at === null ? null : Number(row.last_active_at),
    })),
    page: query.page,
    page_size: MEMBERS_PAGE_SIZE,
    has_more: rows.length > MEMBERS_PAGE_SIZE,
  };
}

/** The team's open restriction of an account (at most one: migration 0102's partial unique index). */
export async function openRestrictionOf(db: Db, userId: number): Promise<MemberRestriction | null> {
  const row = await db
    .selectFrom("member_restrictions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("lifted_at", "is", null)
    .executeTakeFirst();
  return row ? restrictionOut(row) : null;
}

export function restrictionOut(row: {
  id: number;
  kind: "ban" | "pause";
  reason: string;
  created_at: number;
  ends_at: number | null;
  created_by: number | null;
  statement_id: number | null;
}): MemberRestriction {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    created_at: Number(row.created_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    created_by: row.created_by,
    statement_id: row.statement_id,
  };
}

async function reportsOf(db: Db, userId: number, side: "by" | "about"): Promise<{ count: number; rows: MemberReportRow[] }> {
  const own = side === "by" ? "r.user_id" : "r.target_user_id";
  const other = side === "by" ? "r.target_user_id" : "r.user_id";
  const [count, rows] = await Promise.all([
    db
      .selectFrom("reports as r")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where(own, "=", userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reports as r")
      .leftJoin("users as other", "other.id", other)
      .select(["r.id", "r.object_kind", "r.type", "r.state", "r.outcome", "r.created_at", "other.username as other_username"])
      .where(own, "=", userId)
      .orderBy("r.id", "desc")
      .limit(MEMBER_PAGE_REPORTS)
      .execute(),
  ]);
  return {
    count: Number(count.n),
    rows: rows.map((row) => ({
      id: row.id,
      object_kind: row.object_kind,
      type: row.type,
      state: row.state,
      outcome: row.outcome,
      created_at: Number(row.created_at),
      other_username: row.other_username ?? null,
    })),
  };
}

async function statementsOf(db: Db, userId: number): Promise<MemberStatementRow[]> {
  const rows = await db
    .selectFrom("statements")
    .select(["id", "subject_kind", "subject_id", "restriction", "ground_reference", "facts", "created_at", "ends_at", "reversed_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(MEMBER_PAGE_STATEMENTS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    reference: statementReference(row.id),
    subject_kind: row.subject_kind as StatementSubjectKind,
    subject_id: row.subject_id,
    restriction: row.restriction,
    ground_reference: row.ground_reference,
    facts: row.facts,
    created_at: Number(row.created_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    reversed_at: row.reversed_at === null ? null : Number(row.reversed_at),
  }));
}

/**
 * The member's sign-ins: their tokens grouped by family (a sign-in and the tokens its refreshes derived), newest first.
 * A family is live while one of its tokens still opens a session.
 */
async function sessionsOf(db: Db, userId: number, now: number): Promise<MemberSession[]> {
  const rows = await db
    .selectFrom("access_tokens")
    .select(["id", "family_id", "created_at", "expires_at", "idle_expires_at", "revoked_at", "client_ip"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(MEMBER_PAGE_SESSIONS * 10)
    .execute();
  const families = new Map<string, MemberSession>();
  for (const row of rows) {
    const family = row.family_id ?? `token-${row.id}`;
    const live =
      row.revoked_at === null && Number(row.expires_at) > now && (row.idle_expires_at === null || Number(row.idle_expires_at) > now);
    const seen = families.get(family);
    if (!seen) {
      families.set(family, {
        family,
        started_at: Number(row.created_at),
        last_used_at: Number(row.created_at),
        client_ip: row.client_ip,
        live,
      });
    } else {
      // Rows come newest first: the first one seen is the newest, later ones only move the start back.
      seen.started_at = Math.min(seen.started_at, Number(row.created_at));
      seen.live ||= live;
    }
  }
  return [...families.values()].slice(0, MEMBER_PAGE_SESSIONS);
}

/** The ledger's operations as they changed this member's accounts (backend staff only: memberLedger asks again). */
async function ledgerOf(deps: ApiDeps, staffId: number, userId: number): Promise<MemberLedgerRow[]> {
  const ledger = await memberLedger(deps, staffId, { member: String(userId), page: 1 });
  return ledger.operations.slice(0, MEMBER_PAGE_LEDGER).map((op) => ({
    id: op.id,
    kind: op.kind,
    status: op.status,
    currency: op.currency,
    amount: op.transfers.reduce((sum, t) => sum + (t.to.userId === userId ? t.amount : 0) - (t.from.userId === userId ? t.amount : 0), 0),
    created_at: op.createdAt,
  }));
}

/** GET /backoffice/members/{id}: everything the team needs to judge a member, on one page. Unknown id: 404. */
export async function memberPage(deps: ApiDeps, staffId: number, userId: number): Promise<BackofficeMember> {
  const role = await requireStaffPermission(deps, staffId, "members.read");
  const user = await deps.db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select([
      "users.id",
      "users.username",
      "users.email",
      "users.user_type",
      "users.status",
      "users.language",
      "users.created_at",
      "users.last_login_at",
      "users.last_active_at",
      "users.member_until",
      "users.forced_fake_check",
      "profiles.display_name",
      "profiles.city_name",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!user) throw fail.notFound(MEMBER_ERRORS.notFound);
  const now = deps.clock.now();
  const seesMoney = roleMay(role, "money.manage");
  const [avatar, restriction, overview, badges, trust, age, by, about, statements, sessions, audit, balances, orders, ledger] =
    await Promise.all([
      deps.db
        .selectFrom("media")
        .select([...MEDIA_IMAGE_COLUMNS])
        .where("media.user_id", "=", userId)
        .where("media.kind", "=", MEDIA_KIND.photo)
        .where("media.status", "=", MEDIA_STATUS.accepted)
        .orderBy("media.is_avatar", "desc")
        .orderBy("media.id")
        .executeTakeFirst(),
      openRestrictionOf(deps.db, userId),
      verificationOverview(deps, userId),
      verificationBadgesOf(deps.db, [userId]),
      trustLevelFor(deps, userId),
      ageCheckSummaryOf(deps.db, userId),
      reportsOf(deps.db, userId, "by"),
      reportsOf(deps.db, userId, "about"),
      statementsOf(deps.db, userId),
      sessionsOf(deps.db, userId, now),
      auditTrailOf(deps.db, "user", String(userId)),
      Promise.all([memberBalances(deps, userId, "dollar"), memberBalances(deps, userId, "euro")]),
      seesMoney
        ? listOrders(deps, staffId, v.parse(orderFilterSchema, { member: String(userId) })).then((page) =>
            page.items.slice(0, MEMBER_PAGE_ORDERS),
          )
        : Promise.resolve(null),
      seesMoney ? ledgerOf(deps, staffId, userId) : Promise.resolve(null),
    ]);
  const memberUntil = user.member_until === null ? null : Number(user.member_until);
  return {
    viewer_role: role,
    member: {
      id: user.id,
      username: user.username,
      email: user.email,
      display_name: user.display_name ?? null,
      user_type: user.user_type,
      status: user.status,
      language: user.language,
      created_at: Number(user.created_at),
      last_login_at: user.last_login_at === null ? null : Number(user.last_login_at),
      last_active_at: user.last_active_at === null ? null : Number(user.last_active_at),
      city_name: user.city_name ?? null,
      avatar: avatar ? mediaImageOf(avatar) : null,
      plus_until: memberUntil,
      is_plus: memberUntil !== null && memberUntil > now,
      forced_fake_check: user.forced_fake_check === 1,
      is_staff: isStaffUserType(user.user_type),
    },
    restriction,
    verification: {
      age_status: age.status,
      age_forced: age.forced,
      checks: overview.kinds,
      badges: badges.get(userId) ?? NO_BADGES,
      trust,
    },
    // KYC for payouts (issue 30 item 3, ADR 109): the state the kyc module derives, and when it last changed.
    kyc: await kycStateOf(deps.db, userId, now).then((kyc) => ({ status: kyc.state, updated_at: kyc.last_staff_action?.at ?? null })),
    reports: { by_count: by.count, about_count: about.count, by: by.rows, about: about.rows },
    statements,
    money: {
      balances: { dollar: balances[0], euro: balances[1] },
      orders,
      ledger,
    },
    sessions,
    audit: audit.map((row) => ({
      id: row.id,
      actor_id: row.actorId,
      actor_name: row.actorName,
      action: row.action,
      reason: row.reason,
      before: row.before === null ? null : JSON.stringify(row.before),
      after: row.after === null ? null : JSON.stringify(row.after),
      created_at: row.createdAt,
    })),
  };
}
