/**
 * The member's thread folders and unread counts (ADR 043). A leaf module of its own because two sides read it:
 * the messenger (its lists and tabs) and `/user/data` (the header's "Nachrichten" count, fetched once per page
 * with the viewer). Inside the messenger it would make auth → messenger → media → auth a cycle.
 */
import type { ExpressionBuilder } from "kysely";
import type { MessengerUnread, ThreadFolder } from "../../contract/messenger";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";

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
