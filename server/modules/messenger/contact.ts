/**
 * The contact outlook (issue 25 item 1, ADR 068): may this viewer write to this profile, and if not, why and what
 * instead. It is the contact rules' own answer (rules.ts decideSend), asked before anyone writes, so the profile shows
 * the rule and the alternatives instead of a form that cannot succeed. A guest is answered as the new free client
 * they would be after signing up now, so the sign-up prompt promises only what the rules will allow.
 */
import type { AuthUser, ApiDeps } from "../../api/types";
import { DATE_RECEIVER_TYPES, DATE_SENDER_TYPES } from "../../contract/dates";
import {
  BLOCKING_STATES,
  MESSENGER_ERRORS,
  TO_REQUESTS_KEYS,
  type ContactAlternative,
  type ContactOutlook,
  type MessageSendOutcome,
} from "../../contract/messenger";
import { USER_TYPE } from "../../contract/users";
import { viewerContext } from "../access/index";
import { loadVisibleProfile } from "../profiles/index";
import { conversationState, memberById, type MemberRow } from "./members";
import { decideSend, firstContactAllowance, type Decision } from "./rules";
import type { ContactLimit } from "../../contract/messenger-contact-limit";
import { fail } from "../../api/errors";
import { contactDecision } from "./service";

/** Refusals a member can do something else about: the contact limits, not a closed conversation or a flood. */
const ALTERNATIVES_FOR: ReadonlySet<MessageSendOutcome> = new Set([
  "hot_escort",
  "new_escort",
  "first_contact_limit",
  "first_contact_overflow",
  "free_limit",
]);

/**
 * The sender a guest would be right after signing up: a basic client, no plus, no verified profile, no messages yet.
 * Gender, birth date and origin are unknown, so a recipient's filter on them is not told (TO_REQUESTS_KEYS).
 */
function newClient(now: number): MemberRow {
  return {
    id: 0,
    username: "",
    email: "",
    language: "de",
    status: "active",
    user_type: USER_TYPE.client,
    register_completed_step: 0,
    gender: null,
    birth_date: null,
    is_member: 0,
    member_until: null,
    invisible_browsing: 0,
    created_at: now,
    last_login_at: now,
    last_active_at: now,
    business_kind: null,
    is_visible: 1,
    members_only: 0,
    display_name: null,
    country_code: null,
    is_hot: 0,
    verified_at: null,
    rise_up_until: null,
    email_verified_at: now,
    email_was_verified: 1,
    is_bounced_email: 0,
  };
}

/** The outlook of a decision: the rule, its message, and what the viewer can do instead. */
function outlookOf(
  decision: Decision,
  mustVerifyEmail: boolean,
  forWhom: ContactOutlook["for"],
  senderType: number,
  recipientType: number,
): ContactOutlook {
  const base = { for: forWhom, to_requests: false, upgrade: false, alternatives: [] as ContactAlternative[] };
  if (decision.outcome !== "success") {
    const alternatives: ContactAlternative[] = [];
    if (ALTERNATIVES_FOR.has(decision.outcome)) {
      alternatives.push("favorite");
      if (DATE_SENDER_TYPES.includes(senderType) && DATE_RECEIVER_TYPES.includes(recipientType)) alternatives.push("date_request");
      if (decision.upgrade) alternatives.push("plus");
    }
    return { ...base, can_send: false, rule: decision.outcome, message_key: decision.message_key, upgrade: decision.upgrade, alternatives };
  }
  if (mustVerifyEmail) return { ...base, can_send: false, rule: "email_verification", message_key: MESSENGER_ERRORS.email_verification };
  const reason = decision.requestReason;
  const note = reason ? TO_REQUESTS_KEYS[reason] : undefined;
  if (reason && note) {
    // Sending succeeds: the message waits in the recipient's requests; plus (or a verified profile) would avoid that.
    return { ...base, can_send: true, rule: reason, message_key: note, to_requests: true, upgrade: reason === "membership_verification" };
  }
  return { ...base, can_send: true, rule: null, message_key: null };
}

/** GET /messenger/contact/{username}: the profile's visibility rules first (404, or 403 members only for a guest). */
export async function contactOutlook(deps: ApiDeps, user: AuthUser | null, username: string): Promise<ContactOutlook> {
  const viewer = await viewerContext(deps, user);
  const row = await loadVisibleProfile(deps, username, viewer);
  const recipient = await memberById(deps.db, row.id);
  if (viewer.id === row.id || !recipient) return outlookOf(ownProfile(), false, "viewer", viewer.userType, row.user_type);
  if (viewer.id !== null) {
    const { decision, mustVerifyEmail } = await contactDecision(deps, viewer.id, recipient);
    return outlookOf(decision, mustVerifyEmail, "viewer", viewer.userType, recipient.user_type);
  }
  const now = deps.clock.now();
  const state = conversationState(0, recipient, undefined, null);
  const decision = BLOCKING_STATES.includes(state)
    ? ownProfile()
    : await decideSend(deps, deps.db, {
        sender: newClient(now),
        recipient,
        state,
        mustVerifyEmail: false,
        threadId: null,
        conversationExists: false,
        sent: { hour: 0, day: 0, threadDay: 0 },
      });
  return outlookOf(decision, false, "new_client", USER_TYPE.client, recipient.user_type);
}

/** Nobody writes to their own profile (and a guest cannot write to a closed one): no rule, no alternatives. */
function ownProfile(): Decision {
  return {
    outcome: "conversation_state",
    message_key: null,
    upgrade: false,
    dollar_offer: null,
    first_contact: false,
    first_contacts_left: null,
    requestReason: null,
    needsUnlock: false,
  };
}

/** GET /user/contact-limit: the viewer's own first contacts today, counted by the rule that refuses the next one. */
export async function contactLimit(deps: ApiDeps, userId: number): Promise<ContactLimit> {
  const member = await memberById(deps.db, userId);
  if (!member) throw fail.unauthorized();
  const { limit, used, next_free_at } = await firstContactAllowance(deps.db, member, deps.clock.now());
  return { limit, used, left: Math.max(0, limit - used), next_free_at };
}
