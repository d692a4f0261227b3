/**
 * The member's thread folders and unread counts (ADR 043). A leaf module of its own because two sides read it:
 * the messenger (its lists and tabs) and `/user/data` (the header's "Nachrichten" count, fetched once per page
 * with the viewer). Inside the messenger it would make auth → messenger → media → auth a cycle. The dashboard's
 * contacts series reads the member's incoming threads here too (ADR 070).
 */
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { chartDayOf } from "../../contract/dashboard";
import type { MessengerUnread, ThreadFolder } from "../../contract/messenger";
import { STAFF_USER_TYPES } from "../../contract/users";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";
import { precompiled, type Slots } from "../../db/precompiled";

/** The rows of one folder: something left to show (not deleted up to the end), hidden or not, in the folder. */
export function listFilter(folder: ThreadFolder) {
  return (eb: ExpressionBuilder<Database, "messenger_thread_members">) => {
    const visible = eb("messenger_thread_members.last_visible_id", ">", eb.ref("messenger_thread_members.deleted_up_to"));
    if (folder === "hidden") return eb.and([visible, eb("messenger_thread_members.hidden", "=", 1)]);
    return eb.and([visible, eb("messenger_thread_members.hidden", "=", 0), eb("messenger_thread_members.folder", "=", folder)]);
  };
}

export async function countFolder(db: DB, memberId: number, folder: ThreadFolder, unreadOnly = false): Promise<number> {
  let query = db
    .selectFrom("messenger_thread_members")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("member_id", "=", memberId)
    .where((eb) => listFilter(folder)(eb));
  if (unreadOnly) query = query.where("unread_count", ">", 0);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** A member's threads per folder and the inbox's threads with unread messages (the messenger list's tabs). */
export type FolderCounts = Record<ThreadFolder, number> & { unreadInbox: number };

/** All of FolderCounts in one statement (countFolder's rules, each as a conditional sum), built once (ADR 148). */
const folderCountsOf = precompiled((db, slot: Slots<{ memberId: number }>) =>
  db
    .selectFrom("messenger_thread_members")
    .select((eb) => {
      const countOf = (condition: Expression<SqlBool>) => eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
      return [
        countOf(listFilter("inbox")(eb)).as("inbox"),
        countOf(eb.and([listFilter("inbox")(eb), eb("messenger_thread_members.unread_count", ">", 0)])).as("unread_inbox"),
        countOf(listFilter("requests")(eb)).as("requests"),
        countOf(listFilter("hidden")(eb)).as("hidden"),
      ];
    })
    .where("member_id", "=", slot("memberId")),
);

/** The messenger list's tabs: every folder's count and the inbox's unread threads, from one statement. */
export async function folderCounts(db: DB, memberId: number): Promise<FolderCounts> {
  const [row] = await folderCountsOf(db, { memberId });
  return {
    inbox: Number(row?.inbox ?? 0),
    unreadInbox: Number(row?.unread_inbox ?? 0),
    requests: Number(row?.requests ?? 0),
    hidden: Number(row?.hidden ?? 0),
  };
}

/** Unread messages and threads in the inbox, and the open message requests. */
export async function unreadCounts(db: DB, memberId: number): Promise<MessengerUnread> {
  const [row, requests] = await Promise.all([
    db
      .selectFrom("messenger_thread_members")
      .select((eb) => [eb.fn.sum<number>("unread_count").as("n"), eb.fn.countAll<number>().as("threads")])
      .where("member_id", "=", memberId)
      .where((eb) => listFilter("inbox")(eb))
      .where("unread_count", ">", 0)
      .executeTakeFirst(),
    countFolder(db, memberId, "requests"),
  ]);
  return { unread_messages: Number(row?.n ?? 0), unread_threads: Number(row?.threads ?? 0), requests };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's contacts (ADR 070): members who wrote to `memberId` for the first time, each on the calendar day
 * (CHART_TIME_ZONE) of their first message — the day the thread began, since a pair has one thread for good and its
 * starter wrote its first message. Threads the member began count nothing; nor do staff (support is not a contact).
 * Later messages of a known contact, a thread deleted afterwards or a block later on change nothing of that day.
 */
export async function newContactsPerDay(db: DB, memberId: number, days: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const [first, last] = [days[0], days[days.length - 1]];
  if (!first || !last) return counts;
  // Berlin's day begins at most two hours before UTC's: a margin of a day on each side, then the exact day below.
  const from = Date.parse(`${first}T00:00:00Z`) - DAY_MS;
  const to = Date.parse(`${last}T00:00:00Z`) + 2 * DAY_MS;
  const rows = await db
    .selectFrom("messenger_thread_members")
    .innerJoin("messenger_threads", "messenger_threads.id", "messenger_thread_members.thread_id")
    .innerJoin("users", "users.id", "messenger_threads.starter_id")
    .select("messenger_threads.created_at")
    .where("messenger_thread_members.member_id", "=", memberId)
    .whereRef("messenger_threads.starter_id", "=", "messenger_thread_members.partner_id")
    .where("users.user_type", "not in", [...STAFF_USER_TYPES])
    .where("messenger_threads.created_at", ">=", from)
    .where("messenger_threads.created_at", "<", to)
    .execute();
  const wanted = new Set(days);
  for (const row of rows) {
    const day = chartDayOf(Number(row.created_at));
    if (wanted.has(day)) counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}
