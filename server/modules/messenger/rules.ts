/**
 * The contact rules (issue 12 item 3; spec section 4 "Message send outcomes", section 8 "Messenger"; ADR 043): the
 * ONE function that decides whether a member may send a message now, answering one outcome with its own translated
 * message, whether a plus upgrade would lift it, and which dollar payment would (designed in, not payable yet).
 * What plus lifts is the benefit contact_limits of the entitlements kernel (ADR 061); the numbers are the messenger's.
 *
 * Order: a blocking conversation state; the sender's verified e-mail address (ADR 024); the overall message limit;
 * then inside an existing conversation only the limit between a free client and a free escort; for a first contact
 * hot and new escorts (plus clients only), the sender's first contacts per 24 hours, the recipient's first-contact
 * overflow, and last the recipient's first-contact filter, which does not refuse: the message goes to the
 * recipient's requests folder (issue 12 item 5) and the sender reads success.
 */
import { sql, type Expression } from "kysely";
import type { ApiDeps } from "../../api/types";
import {
  BLOCKING_STATES,
  FIRST_CONTACTS_PER_DAY,
  FIRST_CONTACTS_RECEIVED_PER_DAY,
  FREE_PAIR_MESSAGES_PER_DAY,
  HOT_ESCORT_ACTIVE_HOURS,
  MESSENGER_ERRORS,
  NEW_ESCORT_DAYS,
  OVERALL_MESSAGE_LIMITS,
  STATE_ERRORS,
  type ConversationState,
  type MessageSendOutcome,
  type SendCheck,
  type TileContactRule,
} from "../../contract/messenger";
import { ageOfBirthDate } from "../../contract/registration-sign-up";
import { USER_TYPE } from "../../contract/users";
import type { DB } from "../../db/index";
import { entitlementsOf, offerOf, plusRunning, type ViewerContext } from "../access/index";
import { isRestricted } from "../appeals/index";
import { firstContactFilter } from "../settings/index";
import { memberById, type MemberRow } from "./members";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface Decision extends SendCheck {
  /** For success of a first contact the filter held back: the recipient's requests folder and why. */
  requestReason: MessageSendOutcome | null;
  /** Success only because the sender pays the first-contact unlock (DecideInput.firstContactUnlock, ADR 083). */
  needsUnlock: boolean;
}

export interface DecideInput {
  sender: MemberRow;
  recipient: MemberRow;
  state: ConversationState;
  /** The sender must verify their address first (viewerContext). */
  mustVerifyEmail: boolean;
  /** The thread and whether it already holds a message. */
  threadId: number | null;
  conversationExists: boolean;
  /** The sender's messages counted for the limits (senderCountColumns, read with the rest of the pair). */
  sent: SenderCounts;
  /**
   * The sender confirmed paying the first-contact unlock: past their first-contact limit the rules go on as if there
   * were room for one more (every other rule still applies), and the decision says the unlock is needed.
   */
  firstContactUnlock?: boolean;
}

/** The sender's messages in the rolling windows the limits count (overall per hour and day; to this thread per day). */
export interface SenderCounts {
  hour: number;
  day: number;
  threadDay: number;
}

/**
 * The counts of SenderCounts as scalar subqueries (columns sent_hour, sent_day, sent_thread_day), so the messenger
 * reads them in the same statement as the members, the thread and the views: one round trip instead of three.
 * `threadId` is the thread's id column of that statement (null without a thread: 0).
 */
export function senderCountColumns(senderId: number, threadId: Expression<number | null>, now: number) {
  const since = (ms: number) => now - ms;
  return [
    sql<number>`(select count(*) from messenger_messages where sender_id = ${senderId} and created_at > ${since(HOUR)})`.as("sent_hour"),
    sql<number>`(select count(*) from messenger_messages where sender_id = ${senderId} and created_at > ${since(DAY)})`.as("sent_day"),
    sql<number>`(select count(*) from messenger_messages where sender_id = ${senderId} and thread_id = ${threadId} and created_at > ${since(DAY)})`.as(
      "sent_thread_day",
    ),
  ];
}

/** SenderCounts from a row read with senderCountColumns. */
export function senderCountsOf(row: { sent_hour: unknown; sent_day: unknown; sent_thread_day: unknown }): SenderCounts {
  return { hour: Number(row.sent_hour ?? 0), day: Number(row.sent_day ?? 0), threadDay: Number(row.sent_thread_day ?? 0) };
}

/** What the hot- and new-escort rule reads of the recipient (a search tile has these columns too). */
export type EscortRuleFacts = Pick<MemberRow, "user_type" | "is_hot" | "created_at" | "last_active_at" | "last_login_at">;

/**
 * The first-contact rule of hot and new escorts (plus clients pass; decideSend): a hot escort (the search's is_hot)
 * active within HOT_ESCORT_ACTIVE_HOURS, or an escort registered within NEW_ESCORT_DAYS; else null.
 */
export function escortFirstContactRule(recipient: EscortRuleFacts, now: number): TileContactRule | null {
  if (recipient.user_type !== USER_TYPE.escort) return null;
  const active = Math.max(Number(recipient.last_active_at ?? 0), Number(recipient.last_login_at ?? 0));
  if (recipient.is_hot === 1 && active > now - HOT_ESCORT_ACTIVE_HOURS * HOUR) return "hot_escort";
  if (Number(recipient.created_at) > now - NEW_ESCORT_DAYS * DAY) return "new_escort";
  return null;
}

/**
 * A search tile's contact line (issue 25 item 1): the escort rule above as it applies to this viewer — null for a
 * plus client, whom it lets through; a guest reads it as the new free client they would be.
 */
export function tileContactRule(viewer: ViewerContext, recipient: EscortRuleFacts, now: number): TileContactRule | null {
  if (viewer.userType === USER_TYPE.client && viewer.entitlements.may("contact_limits")) return null;
  return escortFirstContactRule(recipient, now);
}

/**
 * An escort's or business's running rise-up (spec section 6 "no client contact limit for 3 hours", ADR 084): while
 * it runs, clients reach the profile as if it had plus — no daily limit between a free client and a free escort, no
 * cap on the first contacts it takes from basic members. Compared with `now`, so it ends on time.
 */
export function riseUpRunning(member: Pick<MemberRow, "user_type" | "rise_up_until">, now: number): boolean {
  return member.user_type !== USER_TYPE.client && member.rise_up_until !== null && member.rise_up_until > now;
}

/** The sender's first contacts per rolling 24 hours (no cap inside an existing conversation). */
export function firstContactLimitOf(sender: MemberRow, now: number): number {
  if (sender.user_type === USER_TYPE.business) return FIRST_CONTACTS_PER_DAY.business;
  if (!entitlementsOf(sender, now).may("contact_limits")) return FIRST_CONTACTS_PER_DAY.basic;
  return sender.user_type === USER_TYPE.escort ? FIRST_CONTACTS_PER_DAY.plus_escort : FIRST_CONTACTS_PER_DAY.plus_client;
}

function refusal(
  outcome: MessageSendOutcome,
  key: string,
  upgrade: boolean,
  firstContact: boolean,
  extra: Partial<SendCheck> = {},
): Decision {
  return {
    outcome,
    message_key: key,
    upgrade,
    dollar_offer: null,
    first_contact: firstContact,
    first_contacts_left: null,
    requestReason: null,
    needsUnlock: false,
    ...extra,
  };
}

async function count(query: Promise<{ n: number | string | bigint } | undefined>): Promise<number> {
  return Number((await query)?.n ?? 0);
}

/** The recipient's first-contact filter against the sender: the first outcome it refuses, or null. */
async function filterOutcome(deps: ApiDeps, sender: MemberRow, recipient: MemberRow, now: number): Promise<MessageSendOutcome | null> {
  const filter = await firstContactFilter(deps, recipient.id);
  // The recipient asks for plus members (a fact about the sender, not one of their benefits).
  if (filter.members_only && !plusRunning(sender, now)) return "membership_verification";
  if (filter.verified_only && sender.verified_at === null) return "verified";
  const typeName = sender.user_type === USER_TYPE.client ? "client" : sender.user_type === USER_TYPE.escort ? "escort" : "business";
  if (filter.user_types.length > 0 && !filter.user_types.includes(typeName)) return "user_type";
  if (filter.genders.length > 0 && (sender.gender === null || !filter.genders.includes(sender.gender))) return "gender";
  if (filter.countries.length > 0 && (sender.country_code === null || !filter.countries.includes(sender.country_code))) return "origin";
  if (filter.age_min !== null || filter.age_max !== null) {
    const age = ageOfBirthDate(sender.birth_date, now);
    // Businesses have no age; a person without a known age does not pass an age filter.
    if (sender.user_type !== USER_TYPE.business) {
      if (age === null) return "age";
      if (filter.age_min !== null && age < filter.age_min) return "age";
      if (filter.age_max !== null && age > filter.age_max) return "age";
    }
  }
  return null;
}

/** Decides a send (see the file's comment). `db` may be the sending transaction. */
/**
 * The sender's first contacts in the rolling 24 hours (the limit decideSend holds them to): how many they may start,
 * how many they started, and when the oldest counted one leaves the window (the next one frees then; null when none
 * is counted). GET /user/contact-limit answers it as is.
 */
export async function firstContactAllowance(
  db: DB,
  sender: MemberRow,
  now: number,
): Promise<{ limit: number; used: number; next_free_at: number | null }> {
  const limit = firstContactLimitOf(sender, now);
  const row = await db
    .selectFrom("messenger_first_contacts")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("created_at").as("oldest")])
    .where("sender_id", "=", sender.id)
    .where("created_at", ">", now - DAY)
    .executeTakeFirst();
  const used = Number(row?.n ?? 0);
  return { limit, used, next_free_at: used > 0 && row?.oldest != null ? Number(row.oldest) + DAY : null };
}

export async function decideSend(deps: ApiDeps, db: DB, input: DecideInput): Promise<Decision> {
  const { sender, recipient, state } = input;
  const now = deps.clock.now();
  const firstContact = !input.conversationExists;
  if (BLOCKING_STATES.includes(state)) return refusal("conversation_state", STATE_ERRORS[state], false, firstContact);
  if (input.mustVerifyEmail) return refusal("email_verification", MESSENGER_ERRORS.email_verification, false, firstContact);

  if (input.sent.hour >= OVERALL_MESSAGE_LIMITS.perHour || input.sent.day >= OVERALL_MESSAGE_LIMITS.perDay)
    return refusal("overall_message_limit", MESSENGER_ERRORS.overall_message_limit, false, firstContact);

  const senderPlus = entitlementsOf(sender, now).may("contact_limits");
  const recipientPlus = entitlementsOf(recipient, now).may("contact_limits");
  const success: Decision = {
    outcome: "success",
    message_key: null,
    upgrade: false,
    dollar_offer: null,
    first_contact: firstContact,
    first_contacts_left: null,
    requestReason: null,
    needsUnlock: false,
  };

  if (!firstContact) {
    // A basic client and a basic escort: a daily allowance each way; either member's plus lifts it.
    const pair = [sender.user_type, recipient.user_type].sort().join(",");
    const risen = riseUpRunning(sender, now) || riseUpRunning(recipient, now);
    if (pair === `${USER_TYPE.client},${USER_TYPE.escort}` && !senderPlus && !recipientPlus && !risen && input.threadId !== null) {
      const n = input.sent.threadDay;
      if (n >= FREE_PAIR_MESSAGES_PER_DAY) return refusal("free_limit", MESSENGER_ERRORS.free_limit, true, false);
    }
    return success;
  }

  // A member the team restricted after a report starts no conversation while it runs (ADR 112).
  if (await isRestricted(db, sender.id, now)) return refusal("account_restricted", MESSENGER_ERRORS.account_restricted, false, true);

  // Hot and new escorts take first contacts from plus clients only; only a client can lift it by upgrading.
  const escortRule = sender.user_type === USER_TYPE.client && senderPlus ? null : escortFirstContactRule(recipient, now);
  if (escortRule) return refusal(escortRule, MESSENGER_ERRORS[escortRule], sender.user_type === USER_TYPE.client, true);

  const { limit, used } = await firstContactAllowance(db, sender, now);
  const needsUnlock = used >= limit;
  if (needsUnlock && !input.firstContactUnlock) {
    const basicPerson = !senderPlus && sender.user_type !== USER_TYPE.business;
    return refusal("first_contact_limit", MESSENGER_ERRORS.first_contact_limit, basicPerson, true, {
      first_contacts_left: 0,
      dollar_offer: offerOf("first_contact_unlock"),
    });
  }

  if (!senderPlus && !(sender.user_type === USER_TYPE.client && riseUpRunning(recipient, now))) {
    const received = await count(
      db
        .selectFrom("messenger_first_contacts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("recipient_id", "=", recipient.id)
        .where("sender_plus", "=", 0)
        .where("created_at", ">", now - DAY)
        .executeTakeFirst(),
    );
    if (received >= FIRST_CONTACTS_RECEIVED_PER_DAY)
      return refusal("first_contact_overflow", MESSENGER_ERRORS.first_contact_overflow, sender.user_type !== USER_TYPE.business, true);
  }

  return {
    ...success,
    first_contacts_left: Math.max(0, limit - used),
    requestReason: await filterOutcome(deps, sender, recipient, now),
    needsUnlock,
  };
}

/** The HTTP status of a refusal: limits are 429, everything else the member cannot do now is 403. */
export function refusalStatus(outcome: MessageSendOutcome): number {
  return outcome === "overall_message_limit" || outcome === "first_contact_limit" || outcome === "free_limit" ? 429 : 403;
}

/**
 * The recipient's first-contact filter against a sender, by id: the outcome it holds the sender back with, or null.
 * Date requests apply the same filter (ADR 046) unless the recipient already wrote to the sender.
 */
export async function contactFilterOutcome(deps: ApiDeps, senderId: number, recipientId: number): Promise<MessageSendOutcome | null> {
  const [sender, recipient] = [await memberById(deps.db, senderId), await memberById(deps.db, recipientId)];
  if (!sender || !recipient) return "conversation_state";
  return filterOutcome(deps, sender, recipient, deps.clock.now());
}

/** Whether `from` has ever written to `to` (the contact is then no longer a first one). */
export async function hasWrittenTo(db: DB, from: number, to: number): Promise<boolean> {
  const row = await db
    .selectFrom("messenger_messages")
    .select("id")
    .where("sender_id", "=", from)
    .where("recipient_id", "=", to)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
