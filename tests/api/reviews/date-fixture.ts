/**
 * Dates for review tests, written straight into the dates table (the date requests have their own tests): a date
 * between two members with a status, a start and a duration, by the test runtime's clock.
 */
import { DATE_STATUS } from "#server/contract/dates";
import type { TestRuntime } from "../../helpers/runtime";

const MINUTE = 60 * 1000;

export async function insertDate(
  rt: TestRuntime,
  senderId: number,
  receiverId: number,
  options: { status?: number; startsAt?: number; durationMinutes?: number } = {},
): Promise<number> {
  const now = rt.clock.now();
  const durationMinutes = options.durationMinutes ?? 60;
  const row = await rt.deps.db
    .insertInto("dates")
    .values({
      sender_id: senderId,
      receiver_id: receiverId,
      open_pair_key: null,
      status: options.status ?? DATE_STATUS.accept,
      awaiting_id: null,
      // Default: a date that ended an hour ago.
      starts_at: options.startsAt ?? now - (durationMinutes + 60) * MINUTE,
      duration_minutes: durationMinutes,
      place_type: "incall",
      price: 200,
      expired_at: null,
      cancelled_by: null,
      created_at: now - 3 * 24 * 60 * MINUTE,
      updated_at: now - 3 * 24 * 60 * MINUTE,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
