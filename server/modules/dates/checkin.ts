/**
 * The escort's safety check-in (issue 13 item 7, ADR 046). On an accepted date the receiver (escort or business)
 * sets a time and a trusted contact; if they have not checked in by then, a job sends the contact the date's time,
 * place and the client's username, by e-mail or by SMS. None of it reaches the client: no timeline step, no
 * notification, and the row is read only for the member who set it.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  CHECKIN_LATEST_AFTER_END_MS,
  DATE_ERRORS,
  DATE_STATUS,
  localDateTime,
  type CheckinInput,
  type CheckinView,
} from "../../contract/dates";
import { composeMail } from "../../integrations/mail/compose";
import { smsProviderFor } from "../../integrations/sms/sms";
import { enqueueJob } from "../../jobs/queue";
import { loadDateForParticipant } from "./store";
import { checkinAlertText } from "./texts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** E.164 without spaces: the SMS port's format. */
const PHONE = /^\+[1-9]\d{7,14}$/;

export async function checkinFor(deps: ApiDeps, dateId: number, escortId: number): Promise<CheckinView | null> {
  const row = await deps.db
    .selectFrom("date_checkins")
    .select(["due_at", "contact_kind", "contact", "checked_in_at", "alerted_at"])
    .where("date_id", "=", dateId)
    .where("escort_id", "=", escortId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    due_at: Number(row.due_at),
    contact_kind: row.contact_kind,
    contact: row.contact,
    checked_in_at: row.checked_in_at === null ? null : Number(row.checked_in_at),
    alerted_at: row.alerted_at === null ? null : Number(row.alerted_at),
  };
}

/** PUT /dates/{id}/checkin: set or move the check-in (the receiver of an accepted date that has not ended). */
export async function setCheckin(deps: ApiDeps, viewerId: number, dateId: number, input: CheckinInput): Promise<CheckinView> {
  const date = await loadDateForParticipant(deps.db, dateId, viewerId);
  if (!date) throw fail.notFound(DATE_ERRORS.notFound);
  const now = deps.clock.now();
  const end = date.starts_at + date.duration_minutes * 60_000;
  if (date.receiver_id !== viewerId || date.status !== DATE_STATUS.accept || end <= now)
    throw fail.forbidden(DATE_ERRORS.checkinNotAllowed);
  if (input.due_at <= now || input.due_at < date.starts_at || input.due_at > end + CHECKIN_LATEST_AFTER_END_MS)
    throw fail.badRequest(DATE_ERRORS.checkinTime, "due_at");
  const contact = input.contact_kind === "phone" ? input.contact.replace(/[\s/()-]/g, "") : input.contact;
  if (!(input.contact_kind === "phone" ? PHONE : EMAIL).test(contact)) throw fail.badRequest(DATE_ERRORS.checkinContact, "contact");
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("date_checkins")
      .values({
        date_id: date.id,
        escort_id: viewerId,
        due_at: input.due_at,
        contact_kind: input.contact_kind,
        contact,
        checked_in_at: null,
        alerted_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column("date_id")
          .doUpdateSet({ due_at: input.due_at, contact_kind: input.contact_kind, contact, checked_in_at: null, updated_at: now }),
      )
      .execute();
    await enqueueJob(
      trx,
      deps.clock,
      "date.checkin_alert",
      { date_id: date.id, due_at: input.due_at },
      { runAt: input.due_at, key: `date.checkin:${date.id}:${input.due_at}` },
    );
  });
  return (await checkinFor(deps, date.id, viewerId))!;
}

/** POST /dates/{id}/checkin: "I am safe". */
export async function checkIn(deps: ApiDeps, viewerId: number, dateId: number): Promise<CheckinView> {
  const current = await checkinFor(deps, dateId, viewerId);
  if (!current) throw fail.notFound(DATE_ERRORS.notFound);
  await deps.db
    .updateTable("date_checkins")
    .set({ checked_in_at: deps.clock.now(), updated_at: deps.clock.now() })
    .where("date_id", "=", dateId)
    .where("escort_id", "=", viewerId)
    .where("checked_in_at", "is", null)
    .execute();
  return (await checkinFor(deps, dateId, viewerId))!;
}

/** Job date.checkin_alert: the escort did not check in by the time they set; tell their contact. Once only. */
export async function sendCheckinAlert(deps: ApiDeps, dateId: number, dueAt: number): Promise<void> {
  const row = await deps.db
    .selectFrom("date_checkins")
    .innerJoin("dates", "dates.id", "date_checkins.date_id")
    .innerJoin("users as client", "client.id", "dates.sender_id")
    .innerJoin("users as escort", "escort.id", "date_checkins.escort_id")
    .select([
      "date_checkins.due_at",
      "date_checkins.contact_kind",
      "date_checkins.contact",
      "date_checkins.checked_in_at",
      "date_checkins.alerted_at",
      "dates.status",
      "dates.starts_at",
      "dates.place_type",
      "dates.address",
      "client.username as client_username",
      "escort.username as escort_username",
      "escort.language",
    ])
    .where("date_checkins.date_id", "=", dateId)
    .executeTakeFirst();
  if (!row || Number(row.due_at) !== dueAt || row.checked_in_at !== null || row.alerted_at !== null) return;
  // A date cancelled after the check-in was set needs no alarm.
  if (row.status !== DATE_STATUS.accept) return;
  const wall = localDateTime(Number(row.starts_at));
  const text = checkinAlertText(row.language, {
    escort: row.escort_username,
    client: row.client_username,
    when: `${wall.date} ${wall.time}`,
    place: row.place_type,
    address: row.address,
  });
  if (row.contact_kind === "phone") {
    await smsProviderFor(deps).send({ to: row.contact, text: text.body, template: "date_checkin_alert", language: row.language });
  } else {
    await deps.mailer.send(
      composeMail({ to: row.contact, template: "date_checkin_alert", language: row.language, subject: text.subject, blocks: [text.body] }),
    );
  }
  // Marked after sending: a worker dying in between sends twice, which is better than an alarm that never went out.
  const now = deps.clock.now();
  await deps.db.updateTable("date_checkins").set({ alerted_at: now, updated_at: now }).where("date_id", "=", dateId).execute();
}
