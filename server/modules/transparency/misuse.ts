/**
 * Misuse (DSA Art. 23, ADR 115): a member whose content is often found illegal, or whose notices are often manifestly
 * unfounded, is warned first and then suspended for a set time — the account for illegal content, the filing of
 * notices for unfounded ones. Each check runs as a job that the decision enqueued in its own transaction (a statement
 * written, a notice marked unfounded), under the member's advisory lock, so two decisions at once warn once.
 */
import { sql, type Transaction } from "kysely";
import { errorItem, ApiError } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  ACCOUNT_SUSPENDED,
  MISUSE_GROUND_REFERENCE,
  MISUSE_RULES,
  NOTICES_SUSPENDED,
  type MisuseAction,
  type MisuseRule,
} from "../../contract/transparency";
import type { DB } from "../../db/index";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { misuseSuspensionFacts, recordStatement } from "../statements/index";
import type {} from "./schema";

type Executor = DB | Transaction<Database>;

/** Restrictions that act on content: what a finding of illegal content leads to (the rule counts these). */
const CONTENT_RESTRICTIONS = ["content_removed", "content_disabled", "content_demoted"] as const;

/** Called where a notice is decided manifestly unfounded: checks the notifier's rule after the decision committed. */
export async function enqueueNoticeMisuseCheck(trx: Executor, userId: number, reportId: number, now: number): Promise<void> {
  await enqueueJob(trx, { now: () => now }, "misuse.check_notices", { user_id: userId }, { key: `misuse.notices:${reportId}` });
}

interface LastAction {
  action: string;
  created_at: number;
}

async function lastAction(trx: Executor, rule: MisuseRule, userId: number): Promise<LastAction | undefined> {
  const row = await trx
    .selectFrom("misuse_actions")
    .select(["action", "created_at"])
    .where("rule", "=", rule)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? { action: row.action, created_at: Number(row.created_at) } : undefined;
}

/** Qualifying events are counted after the rule's latest action: a warning or a suspension starts the count anew. */
function countFrom(last: LastAction | undefined, windowStart: number): number {
  return last ? Math.max(last.created_at + 1, windowStart) : windowStart;
}

/** Art. 23(1): decisions against the member's content on the ground of illegality, not reversed. */
export async function checkContentMisuse(deps: ApiDeps, userId: number): Promise<MisuseAction | null> {
  const rule = MISUSE_RULES.illegal_content;
  return act(deps, "illegal_content", userId, async (trx, now) => {
    const last = await lastAction(trx, "illegal_content", userId);
    const row = await trx
      .selectFrom("statements")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("ground", "=", "illegal")
      .where("restriction", "in", CONTENT_RESTRICTIONS)
      .where("reversed_at", "is", null)
      .where("created_at", ">=", countFrom(last, now - rule.windowMs))
      .executeTakeFirst();
    return { due: Number(row?.n ?? 0) >= rule.threshold, last };
  });
}

/** Art. 23(2): the member's notices marked manifestly unfounded — enough of them, and a large enough share. */
export async function checkNoticeMisuse(deps: ApiDeps, userId: number): Promise<MisuseAction | null> {
  const rule = MISUSE_RULES.unfounded_notices;
  return act(deps, "unfounded_notices", userId, async (trx, now) => {
    const last = await lastAction(trx, "unfounded_notices", userId);
    const windowStart = now - rule.windowMs;
    const row = await trx
      .selectFrom("reports")
      .select([
        sql<number>`count(*)`.as("decided"),
        sql<number>`coalesce(sum(manifestly_unfounded), 0)`.as("unfounded"),
        sql<number>`coalesce(sum(CASE WHEN manifestly_unfounded = 1 AND decided_at >= ${countFrom(last, windowStart)} THEN 1 ELSE 0 END), 0)`.as(
          "fresh",
        ),
      ])
      .where("user_id", "=", userId)
      .where("state", "=", "decided")
      .where("decided_at", ">=", windowStart)
      .executeTakeFirst();
    const decided = Number(row?.decided ?? 0);
    const unfounded = Number(row?.unfounded ?? 0);
    const due = Number(row?.fresh ?? 0) >= rule.threshold && decided > 0 && unfounded / decided >= rule.minShare;
    return { due, last };
  });
}

/**
 * Runs one rule for one member: counts (under the member's lock), then warns — or, when a warning or suspension of
 * the same rule lies within the window, suspends. The warning is a notification; a suspension is a statement of
 * reasons (Art. 17, Art. 23(4)) with its end, and the notification that points to it.
 */
async function act(
  deps: ApiDeps,
  ruleName: MisuseRule,
  userId: number,
  count: (trx: Transaction<Database>, now: number) => Promise<{ due: boolean; last: LastAction | undefined }>,
): Promise<MisuseAction | null> {
  const rule = MISUSE_RULES[ruleName];
  const now = deps.clock.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await lockMembersForLimits(trx, deps.dialect, "misuse", [userId]);
    const member = await trx.selectFrom("users").select(["status", "language"]).where("id", "=", userId).executeTakeFirst();
    if (!member || member.status === "deleted" || member.status === "banned") return null;
    const { due, last } = await count(trx, now);
    if (!due) return null;
    const action: MisuseAction = last && last.created_at >= now - rule.windowMs ? "suspension" : "warning";
    const endsAt = action === "suspension" ? now + rule.suspensionMs : null;
    let statementId: number | null = null;
    if (endsAt !== null) {
      statementId = await recordStatement(
        trx,
        {
          kind: "misuse_suspension",
          userId,
          subjectKind: "account",
          subjectId: userId,
          restriction: ruleName === "illegal_content" ? "account_suspended" : "service_restricted",
          ground: "terms",
          groundReference: MISUSE_GROUND_REFERENCE[ruleName],
          // In the member's language, the end as their language writes a day (the statement is read as written).
          facts: misuseSuspensionFacts(member.language, ruleName, rule.threshold, endsAt),
          source: "own_initiative",
          endsAt,
          language: member.language,
          decidedBy: null,
        },
        now,
      );
      // A suspended account is signed out everywhere; signing in is refused until the end (auth's login asks).
      if (ruleName === "illegal_content")
        await trx
          .updateTable("access_tokens")
          .set({ revoked_at: now })
          .where("user_id", "=", userId)
          .where("revoked_at", "is", null)
          .execute();
    }
    await trx
      .insertInto("misuse_actions")
      .values({ rule: ruleName, action, user_id: userId, ends_at: endsAt, statement_id: statementId, created_at: now })
      .execute();
    const hints: NotificationHints = await notify(deps, trx, {
      userId,
      event: action === "warning" ? "misuse_warning" : "misuse_suspended",
      params: { rule: ruleName, ...(endsAt !== null ? { until: isoDay(endsAt) } : {}) },
      url: null,
    });
    return { action, hints };
  });
  if (!outcome) return null;
  await publishNotificationHints(deps, outcome.hints);
  return outcome.action;
}

/** A day as the error and notification params give it: YYYY-MM-DD (UTC); the pages show it in the reader's language. */
function isoDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

async function suspendedUntil(db: Executor, rule: MisuseRule, userId: number, now: number): Promise<number | null> {
  const row = await db
    .selectFrom("misuse_actions")
    .select(({ fn }) => fn.max("ends_at").as("until"))
    .where("rule", "=", rule)
    .where("user_id", "=", userId)
    .where("action", "=", "suspension")
    .where("ends_at", ">", now)
    .executeTakeFirst();
  return row?.until == null ? null : Number(row.until);
}

/** fileReport asks first: a member whose notice-filing is suspended gets 403 with the day it ends. */
export async function refuseSuspendedNotifier(db: Executor, userId: number | null, now: number): Promise<void> {
  if (userId === null) return;
  const until = await suspendedUntil(db, "unfounded_notices", userId, now);
  if (until !== null) throw new ApiError(403, [errorItem(403, NOTICES_SUSPENDED, undefined, { until: isoDay(until) })]);
}

/** Login asks: a suspended account gets 403 with the day it ends (Art. 23(1)). */
export async function refuseSuspendedAccount(db: Executor, userId: number, now: number): Promise<void> {
  const until = await suspendedUntil(db, "illegal_content", userId, now);
  if (until !== null)
    throw new ApiError(403, [errorItem(403, ACCOUNT_SUSPENDED, undefined, { until: isoDay(until) })], { error: "invalid_grant" });
}

/**
 * An appeal reversed a suspension of the misuse rules (ADR 113): it ends now — the row's end moves to the reversal's
 * time (the row stays, the appeal's audit row says why), so login and notices are open again at once. Answers whether
 * a running suspension ended.
 */
export async function endMisuseSuspension(trx: Transaction<Database>, statementId: number, now: number): Promise<boolean> {
  const ended = await trx
    .updateTable("misuse_actions")
    .set({ ends_at: now })
    .where("statement_id", "=", statementId)
    .where("action", "=", "suspension")
    .where("ends_at", ">", now)
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) > 0;
}
