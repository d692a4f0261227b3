/**
 * Everything the messenger knows about a pair of members, read in ONE statement (ADR 048): the viewer's member row
 * (with their viewer context's columns), the pair's thread, both members' views of it, the block relation either
 * way, optionally the sender's counts for the contact rules, optionally the sender's message already stored
 * under a client key, and optionally the other member's notification choices (a send notifies them). A send, a
 * conversation page and a resync each used to read these in 6–10 round trips.
 *
 * Anchored on the viewer's users row, which always exists, so a pair without a thread still answers one row. On
 * PostgreSQL a send runs it after locking the sender and the thread (service.ts), never in the locking statement:
 * a statement's snapshot is taken before it waits for a lock, so rows joined in it could predate the commit it
 * waited for.
 */
import { sql } from "kysely";
import type { NotificationChannel, NotificationKind } from "../../contract/settings";
import type { DB } from "../../db/index";
import { hasBlocked, type BlockRelation } from "../access/index";
import { choiceColumns, choicesOf } from "../notifications/index";
import { MEMBER_COLUMNS, normalize, type MemberRow } from "./members";
import { senderCountColumns, senderCountsOf, type SenderCounts } from "./rules";

export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export interface ThreadRow {
  id: number;
  starter_id: number;
  other_id: number;
  last_message_id: number | null;
  no_thanks_by: number | null;
}

export interface MemberView {
  thread_id: number;
  member_id: number;
  partner_id: number;
  folder: string;
  hidden: number;
  deleted_up_to: number;
  last_read_id: number;
  unread_count: number;
  last_visible_id: number;
  updated_at: number;
}

export const VIEW_COLUMNS = [
  "thread_id",
  "member_id",
  "partner_id",
  "folder",
  "hidden",
  "deleted_up_to",
  "last_read_id",
  "unread_count",
  "last_visible_id",
  "updated_at",
] as const;

export interface PairRead {
  me: MemberRow;
  thread: ThreadRow | undefined;
  mine: MemberView | undefined;
  theirs: MemberView | undefined;
  blocks: BlockRelation;
  /** With `counts`: the sender's messages in the contact rules' windows. */
  sent: SenderCounts;
  /** With `clientKey`: the viewer's message already stored under that key (a retried send). */
  keyed: { id: number; recipient_id: number } | null;
  /** With `recipientChoices`: the other member's notification channels for that kind (the send's notify). */
  recipientChannels: Record<NotificationChannel, boolean> | null;
}

const truthy = (value: unknown) => value === true || Number(value) === 1;

function viewOfRow(row: Record<string, unknown>, prefix: "mine" | "theirs"): MemberView | undefined {
  if (row[`${prefix}_thread_id`] === null || row[`${prefix}_thread_id`] === undefined) return undefined;
  const view = Object.fromEntries(VIEW_COLUMNS.map((column) => [column, row[`${prefix}_${column}`]])) as Record<string, unknown>;
  return {
    thread_id: Number(view.thread_id),
    member_id: Number(view.member_id),
    partner_id: Number(view.partner_id),
    folder: String(view.folder),
    hidden: Number(view.hidden),
    deleted_up_to: Number(view.deleted_up_to),
    last_read_id: Number(view.last_read_id),
    unread_count: Number(view.unread_count),
    last_visible_id: Number(view.last_visible_id),
    updated_at: Number(view.updated_at),
  };
}

/** The pair as `memberId` sees it with `otherId` (see the file's comment). Undefined when the member is gone. */
export async function readPair(
  db: DB,
  memberId: number,
  otherId: number,
  now: number,
  options: { counts?: boolean; clientKey?: string | null; recipientChoices?: NotificationKind } = {},
): Promise<PairRead | undefined> {
  const views = (alias: "mine" | "theirs") => VIEW_COLUMNS.map((column) => sql.ref(`${alias}.${column}`).as(`${alias}_${column}`));
  const row = (await db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .leftJoin("messenger_threads as t", (join) => join.on("t.pair_key", "=", pairKey(memberId, otherId)))
    .leftJoin("messenger_thread_members as mine", (join) => join.onRef("mine.thread_id", "=", "t.id").on("mine.member_id", "=", memberId))
    .leftJoin("messenger_thread_members as theirs", (join) =>
      join.onRef("theirs.thread_id", "=", "t.id").on("theirs.member_id", "=", otherId),
    )
    .select([...MEMBER_COLUMNS])
    .select(["t.id as t_id", "t.starter_id as t_starter_id", "t.other_id as t_other_id", "t.last_message_id as t_last_message_id"])
    .select(["t.no_thanks_by as t_no_thanks_by"])
    .select([...views("mine"), ...views("theirs")])
    .select([hasBlocked(memberId, otherId).as("block_mine"), hasBlocked(otherId, memberId).as("block_theirs")])
    .$if(options.counts === true, (query) => query.select(senderCountColumns(memberId, sql.ref<number | null>("t.id"), now)))
    .$if(Boolean(options.clientKey), (query) =>
      query.select([
        sql<
          number | null
        >`(select id from messenger_messages where sender_id = ${memberId} and client_key = ${options.clientKey ?? ""})`.as("keyed_id"),
        sql<
          number | null
        >`(select recipient_id from messenger_messages where sender_id = ${memberId} and client_key = ${options.clientKey ?? ""})`.as(
          "keyed_recipient_id",
        ),
      ]),
    )
    .$if(options.recipientChoices !== undefined, (query) => query.select(choiceColumns(otherId, options.recipientChoices!)))
    .where("users.id", "=", memberId)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const me = normalize(Object.fromEntries(MEMBER_COLUMNS.map((column) => [column.split(".")[1]!, row[column.split(".")[1]!]])) as never);
  const thread: ThreadRow | undefined =
    row.t_id === null || row.t_id === undefined
      ? undefined
      : {
          id: Number(row.t_id),
          starter_id: Number(row.t_starter_id),
          other_id: Number(row.t_other_id),
          last_message_id: row.t_last_message_id === null ? null : Number(row.t_last_message_id),
          no_thanks_by: row.t_no_thanks_by === null ? null : Number(row.t_no_thanks_by),
        };
  return {
    me,
    thread,
    mine: viewOfRow(row, "mine"),
    theirs: viewOfRow(row, "theirs"),
    blocks: { mine: truthy(row.block_mine), theirs: truthy(row.block_theirs) },
    sent: options.counts ? senderCountsOf(row as never) : { hour: 0, day: 0, threadDay: 0 },
    keyed:
      row.keyed_id === null || row.keyed_id === undefined
        ? null
        : { id: Number(row.keyed_id), recipient_id: Number(row.keyed_recipient_id) },
    recipientChannels: options.recipientChoices ? choicesOf(options.recipientChoices, row) : null,
  };
}
