/**
 * Trusted flaggers (DSA Art. 22, ADR 115): an entity the Digital Services Coordinator awarded the status, known to us
 * as a member account. Backend staff record the award (organisation, the coordinator's reference, start and end);
 * while it runs, the account's notices come first in the report queue and count under source trusted_flagger.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  dayStartOf,
  TRUSTED_FLAGGER_ERRORS,
  type TrustedFlagger,
  type TrustedFlaggerInput,
  type TrustedFlaggerList,
} from "../../contract/transparency";
import { USER_TYPE } from "../../contract/users";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import type {} from "./schema";

/**
 * True where the reporter of `report` (a reports row's alias) was a trusted flagger when filing it. One expression
 * for the queue's order, the report's counts and the list's notice counts.
 */
export function filedByTrustedFlagger(report: string): Expression<SqlBool> {
  const userId = sql.ref(`${report}.user_id`);
  const createdAt = sql.ref(`${report}.created_at`);
  return sql<SqlBool>`EXISTS (SELECT 1 FROM trusted_flaggers tf WHERE tf.user_id = ${userId} AND tf.starts_at <= ${createdAt} AND ${createdAt} < tf.ends_at AND (tf.revoked_at IS NULL OR ${createdAt} < tf.revoked_at))`;
}

const MEMBER_TYPES = [USER_TYPE.client, USER_TYPE.escort, USER_TYPE.business];

function flaggerOf(
  row: {
    id: number;
    user_id: number;
    username: string;
    organisation: string;
    coordinator_reference: string;
    starts_at: number;
    ends_at: number;
    revoked_at: number | null;
    notices: number | string;
  },
  now: number,
): TrustedFlagger {
  const startsAt = Number(row.starts_at);
  const endsAt = Number(row.ends_at);
  const revokedAt = row.revoked_at === null ? null : Number(row.revoked_at);
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    organisation: row.organisation,
    coordinator_reference: row.coordinator_reference,
    starts_at: startsAt,
    ends_at: endsAt,
    revoked_at: revokedAt,
    active: startsAt <= now && now < endsAt && revokedAt === null,
    notices: Number(row.notices),
  };
}

function flaggersQuery(deps: ApiDeps) {
  return deps.db
    .selectFrom("trusted_flaggers as tf")
    .innerJoin("users", "users.id", "tf.user_id")
    .select([
      "tf.id",
      "tf.user_id",
      "users.username",
      "tf.organisation",
      "tf.coordinator_reference",
      "tf.starts_at",
      "tf.ends_at",
      "tf.revoked_at",
      sql<number>`(SELECT count(*) FROM reports r WHERE r.user_id = tf.user_id AND r.created_at >= tf.starts_at AND r.created_at < tf.ends_at AND (tf.revoked_at IS NULL OR r.created_at < tf.revoked_at))`.as(
        "notices",
      ),
    ]);
}

/** GET /backoffice/trusted-flaggers: every award, the running ones first, then by start (newest first). */
export async function trustedFlaggerList(deps: ApiDeps, staffId: number): Promise<TrustedFlaggerList> {
  await requireStaffPermission(deps, staffId, "trust.manage");
  const now = deps.clock.now();
  const rows = await flaggersQuery(deps).orderBy("tf.starts_at", "desc").orderBy("tf.id", "desc").limit(500).execute();
  const items = rows.map((row) => flaggerOf(row, now));
  return { items: [...items.filter((item) => item.active), ...items.filter((item) => !item.active)] };
}

/** POST /backoffice/trusted-flaggers: records an award; one running award per member at a time. */
export async function addTrustedFlagger(deps: ApiDeps, staffId: number, input: TrustedFlaggerInput): Promise<TrustedFlagger> {
  await requireStaffPermission(deps, staffId, "trust.manage");
  const now = deps.clock.now();
  const startsAt = dayStartOf(input.starts_on)!;
  const endsAt = dayStartOf(input.ends_on)!;
  const id = await deps.db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom("users")
      .select("id")
      .where("username_key", "=", input.username.toLowerCase())
      .where("status", "not in", ["deleted", "banned"])
      .where("user_type", "in", MEMBER_TYPES)
      .executeTakeFirst();
    if (!member) throw fail.badRequest(TRUSTED_FLAGGER_ERRORS.memberUnknown, "username");
    const overlapping = await trx
      .selectFrom("trusted_flaggers")
      .select("id")
      .where("user_id", "=", member.id)
      .where("revoked_at", "is", null)
      .where("starts_at", "<", endsAt)
      .where("ends_at", ">", startsAt)
      .executeTakeFirst();
    if (overlapping) throw fail.conflict(TRUSTED_FLAGGER_ERRORS.overlapping, "starts_on");
    const values = {
      user_id: member.id,
      organisation: input.organisation,
      coordinator_reference: input.coordinator_reference,
      starts_at: startsAt,
      ends_at: endsAt,
      created_by: staffId,
      created_at: now,
      revoked_at: null,
    };
    const row = await trx.insertInto("trusted_flaggers").values(values).returning("id").executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "trusted_flagger.add",
        subjectType: "trusted_flagger",
        subjectId: String(row.id),
        reason: input.coordinator_reference,
        before: null,
        after: values,
      },
      now,
    );
    return row.id;
  });
  return flaggerOf((await flaggersQuery(deps).where("tf.id", "=", id).executeTakeFirstOrThrow()) as never, now);
}

/**
 * POST /backoffice/trusted-flaggers/{id}/end: the coordinator revoked the status; its notices so far keep their source.
 * The reason (optional) goes to the audit row.
 */
export async function endTrustedFlagger(deps: ApiDeps, staffId: number, id: number, reason: string | null): Promise<TrustedFlagger> {
  await requireStaffPermission(deps, staffId, "trust.manage");
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("trusted_flaggers").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw fail.notFound(TRUSTED_FLAGGER_ERRORS.notFound);
    const updated = await trx
      .updateTable("trusted_flaggers")
      .set({ revoked_at: now })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .where("ends_at", ">", now)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict(TRUSTED_FLAGGER_ERRORS.alreadyEnded);
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "trusted_flagger.end",
        subjectType: "trusted_flagger",
        subjectId: String(id),
        reason,
        before: { revoked_at: null },
        after: { revoked_at: now },
      },
      now,
    );
  });
  return flaggerOf((await flaggersQuery(deps).where("tf.id", "=", id).executeTakeFirstOrThrow()) as never, now);
}
