/**
 * The messenger (issue 12 items 1–5 and 8; spec sections 2, 3 "Messenger", 4 "Message send outcomes" and
 * "Conversation state", 7 messenger, 8 messenger errors, 9 page sizes and image limits; ADR 043).
 *
 * One thread per pair of members. Each member has their own view of it (hidden, deleted up to a message, last
 * read message, unread count, folder). Whether a message may be sent is decided in one service function
 * (server/modules/messenger/rules.ts) that answers one outcome of MESSAGE_SEND_OUTCOMES; what the other member's
 * account allows is the conversation state (CONVERSATION_STATES), derived in the spec's order.
 */
import * as v from "valibot";
import { pageQueryParam } from "./paging";
import type { PaymentOffer } from "./prices";
import { MAX_ROW_ID, ROW_ID_OR_ZERO_PATTERN, ROW_ID_PATTERN } from "./row-id";
import { moneyKeySchema, type TokenOperationAnswer } from "./wallet";
import { IMAGE_MAX_BYTES, IMAGE_MIN_BYTES, IMAGE_MIN_WIDTH } from "./media-upload";
import type { MediaImage } from "./media";
import { MESSAGE_BODY_MAX, MESSAGE_PHOTOS_MAX, type ConversationState } from "./messenger-basics";
import { THREAD_FOLDERS, type ThreadFolder } from "./thread-folders";

// Limits, message links and conversation states: in ./messenger-basics, the folders in ./thread-folders (free of
// valibot, the messenger's pages read them in the browser).
export {
  BLOCKING_STATES,
  CONVERSATION_STATES,
  isWhitelistedLink,
  MESSAGE_BODY_MAX,
  MESSAGE_PHOTOS_MAX,
  MESSENGER_LINK_DOMAINS,
  messageParts,
  type ConversationState,
  type MessagePart,
} from "./messenger-basics";
export { THREAD_FOLDERS, type ThreadFolder } from "./thread-folders";

/** Spec section 9: page sizes. */
export const MESSENGER_CONVERSATION_PAGE_SIZE = 30;
export const MESSENGER_THREADS_PAGE_SIZE = 20;
/** The media pipeline's byte and width limits for a message's photos. */
export const MESSAGE_PHOTO_LIMITS = { minBytes: IMAGE_MIN_BYTES, maxBytes: IMAGE_MAX_BYTES, minWidth: IMAGE_MIN_WIDTH } as const;
/**
 * The most bytes a message text can take in a form body: a browser sends a textarea's line breaks as CR LF (2 bytes
 * for what its maxlength counts as one) and a character of the Basic Multilingual Plane as up to 3 bytes of UTF-8
 * (one outside it is 4 bytes for 2 UTF-16 units), so 3 bytes for every unit that MESSAGE_BODY_MAX counts.
 */
export const MESSAGE_BODY_MAX_FORM_BYTES = 3 * MESSAGE_BODY_MAX;

/** A text as the member typed it: CR LF and CR (how forms send a line break) become LF, so a break counts once. */
function unixLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}
/** The whole multipart body of a send with photos. */
export const MESSAGE_UPLOAD_MAX_BODY_BYTES = MESSAGE_PHOTOS_MAX * IMAGE_MAX_BYTES + 64 * 1024;
/** Autocomplete: at least this many characters, at most this many names. */
export const MESSENGER_AUTOCOMPLETE_MIN = 2;
export const MESSENGER_AUTOCOMPLETE_MAX = 8;

/**
 * First contacts (a message that opens a conversation) per sender and rolling 24 hours (issue 12 item 3).
 * Inside an existing conversation there is no cap.
 */
export const FIRST_CONTACTS_PER_DAY = { basic: 3, plus_client: 50, plus_escort: 100, business: 10 } as const;
/** Hot escorts (search's is_hot, active within these hours) take first contacts only from plus clients. */
export const HOT_ESCORT_ACTIVE_HOURS = 4;
/** New escorts (registered within these days) take first contacts only from plus clients. */
export const NEW_ESCORT_DAYS = 14;
/** A basic client and a basic escort: messages each may send the other in a conversation per rolling 24 hours. */
export const FREE_PAIR_MESSAGES_PER_DAY = 10;
/** First contacts from basic members a member receives per rolling 24 hours; more are "first-contact overflow". */
export const FIRST_CONTACTS_RECEIVED_PER_DAY = 30;
/** Every member's messages, whatever the conversation: a person typing, never a script (ADR 043). */
export const OVERALL_MESSAGE_LIMITS = { perHour: 60, perDay: 300 } as const;
/** The unread-message e-mail: after this delay, at most once per conversation and day. */
export const UNREAD_MAIL_DELAY_MS = 15 * 60 * 1000;
export const UNREAD_MAIL_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Spec section 3: action types of a message. */
export const MESSAGE_ACTION = { normal: 0, no_thanks: 2 } as const;
/** Spec section 3: message statuses of the client store (sending, success, fail, preparing). */
export const MESSAGE_STATUSES = ["sending", "success", "fail", "preparing"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Spec section 3: online status codes 0–5, defined once (contract/online-status, shared with contract/realtime). */
export { ONLINE_STATUS, ONLINE_STATUS_NAMES, type OnlineStatusName } from "./online-status";

/** The recipient's first-contact filter outcomes (see REQUEST_OUTCOMES). */
const FILTER_OUTCOMES = ["membership_verification", "gender", "user_type", "origin", "age", "verified"] as const;

/**
 * Spec section 4 "Message send outcomes", plus email_verification (ADR 024), conversation_state (a blocking state)
 * and the dollar outcomes designed in now (boost). The recipient's first-contact filter outcomes (gender,
 * user_type, origin, age, membership_verification, verified) do not reach the sender: such a first contact lands
 * in the recipient's requests folder (issue 12 item 5) and the sender reads "success".
 */
export const MESSAGE_SEND_OUTCOMES = [
  "success",
  "failed",
  "conversation_state",
  "email_verification",
  "first_contact_overflow",
  ...FILTER_OUTCOMES,
  "hot_escort",
  "new_escort",
  "minimal_tipping",
  "free_limit",
  "first_contact_limit",
  "overall_message_limit",
  "boost",
  /** The team restricted the sender after a report (ADR 112): no first contacts while it runs. */
  "account_restricted",
] as const;
export type MessageSendOutcome = (typeof MESSAGE_SEND_OUTCOMES)[number];
/** The filter outcomes that send a first contact to the requests folder. */
export const REQUEST_OUTCOMES: readonly MessageSendOutcome[] = FILTER_OUTCOMES;

/** Each refusal's translated message (exception.messenger.*; the state's own key for conversation_state). */
export const MESSENGER_ERRORS = {
  failed: "exception.messenger.failed",
  first_contact_overflow: "exception.messenger.first_contact_overflow",
  hot_escort: "exception.messenger.hot_escort",
  new_escort: "exception.messenger.new_escort",
  minimal_tipping: "exception.messenger.minimal_tipping",
  free_limit: `exception.messenger.free_limit?max=${FREE_PAIR_MESSAGES_PER_DAY}`,
  first_contact_limit: "exception.messenger.first_contact_limit",
  overall_message_limit: "exception.messenger.overall_message_limit",
  account_restricted: "exception.messenger.account_restricted",
  email_verification: "exception.email_verification.required",
  userNotFound: "exception.messenger.user_not_found",
  threadNotFound: "exception.messenger.thread_not_found",
  photoNotFound: "exception.messenger.photo_not_found",
  messageNotFound: "exception.messenger.message_not_found",
  self: "exception.messenger.self",
  empty: "validation.messenger.empty",
  bodyTooLong: `validation.messenger.body_too_long?max=${MESSAGE_BODY_MAX}`,
  tooManyPhotos: `validation.messenger.too_many_photos?max=${MESSAGE_PHOTOS_MAX}`,
  notARequest: "exception.messenger.not_a_request",
  clientKeyReused: "exception.messenger.client_key_reused",
} as const;
/** The message of a blocking conversation state (blocked_by_user reads "currently unavailable"). */
export const STATE_ERRORS: Record<ConversationState, string> = {
  normal: "exception.messenger.failed",
  support: "exception.messenger.state.support",
  deleted: "exception.messenger.state.deleted",
  banned: "exception.messenger.state.banned",
  user_paused: "exception.messenger.state.user_paused",
  deactivated: "exception.messenger.state.deactivated",
  hidden: "exception.messenger.state.hidden",
  blocked_user: "exception.messenger.state.blocked_user",
  blocked_by_user: "exception.messenger.state.unavailable",
  no_thanks: "exception.messenger.state.no_thanks",
  sent_no_thanks: "exception.messenger.state.sent_no_thanks",
};

/** Thread actions (spec section 4 "Threads") and the requests folder's answers. */
export const THREAD_ACTIONS = ["hide", "restore", "delete", "read", "unread", "accept", "decline"] as const;
export type ThreadAction = (typeof THREAD_ACTIONS)[number];

const idParam = v.optional(
  v.pipe(
    v.string("validation.invalid"),
    v.regex(ROW_ID_PATTERN, "validation.invalid"),
    v.transform((s) => Number(s)),
    v.maxValue(MAX_ROW_ID, "validation.invalid"),
  ),
);

/** GET /messenger/threads. */
export const threadListQuerySchema = v.strictObject(
  { folder: v.optional(v.picklist(THREAD_FOLDERS, "validation.invalid"), "inbox"), page: pageQueryParam },
  "validation.invalid",
);
/** GET /messenger/messages/{username}: the newest page, older ones before_id, or what arrived after after_id (resync). */
/** A resync cursor: 0 is a client that holds nothing of the conversation yet (everything after the start). */
const cursorParam = v.optional(
  v.pipe(
    v.string("validation.invalid"),
    v.regex(ROW_ID_OR_ZERO_PATTERN, "validation.invalid"),
    v.transform((s) => Number(s)),
    v.maxValue(MAX_ROW_ID, "validation.invalid"),
  ),
);
export const conversationQuerySchema = v.strictObject({ before_id: idParam, after_id: cursorParam }, "validation.invalid");
/**
 * POST /messenger/threads/{id}/{action}: `up_to` (read only) marks read up to that message, not beyond — a live tab
 * marks what it has shown, and a message committed meanwhile whose event is still on its way stays unread.
 */
export const threadActionQuerySchema = v.strictObject({ up_to: idParam }, "validation.invalid");
/** GET /messenger/autocomplete. */
export const autocompleteQuerySchema = v.strictObject(
  { q: v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(40, "validation.invalid")) },
  "validation.invalid",
);

/** POST /messenger/send/{username} (JSON). Photos come through the multipart variant of the same path. */
export const sendMessageSchema = v.object(
  {
    body: v.pipe(
      v.string(MESSENGER_ERRORS.empty),
      v.transform(unixLineBreaks),
      v.trim(),
      v.nonEmpty(MESSENGER_ERRORS.empty),
      v.maxLength(MESSAGE_BODY_MAX, MESSENGER_ERRORS.bodyTooLong),
    ),
  },
  MESSENGER_ERRORS.empty,
);
export type SendMessageInput = v.InferOutput<typeof sendMessageSchema>;
/**
 * A send's idempotency key (ADR 048): the client makes one per message (a UUID) and sends it again with every retry
 * of that message; the sender's message already stored under it is answered instead of a second copy.
 */
export const CLIENT_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** POST /messenger/send/{username} and …/photos: the query (the key travels in the address, so the photos route
 * can answer a retry before it reads the upload). */
export const sendQuerySchema = v.strictObject(
  {
    client_key: v.optional(v.pipe(v.string("validation.invalid"), v.regex(CLIENT_KEY_PATTERN, "validation.invalid"))),
    /**
     * `first_contact`: the sender confirmed paying the first-contact unlock (contract/prices first_contact_unlock) if
     * this first contact is past their daily limit (ADR 083). Needs client_key: the payment's key is
     * `unlock:<client_key>`, paid in the send's transaction, so a retry neither pays nor sends twice.
     */
    unlock: v.optional(v.picklist(["first_contact"], "validation.invalid")),
  },
  "validation.invalid",
);

/** The text of a send with photos may be empty. */
export const photoCaptionSchema = v.pipe(
  v.string(),
  v.transform(unixLineBreaks),
  v.trim(),
  v.maxLength(MESSAGE_BODY_MAX, MESSENGER_ERRORS.bodyTooLong),
);

/** The other member of a thread as the viewer sees them. */
export interface MessengerPartner {
  /** The member's id, for the live presence watch (ADR 042); null when the state hides who it is. */
  user_id: number | null;
  username: string;
  display_name: string;
  user_type: number;
  /** ONLINE_STATUS code 0–5. */
  online_status: number;
  avatar: MediaImage | null;
}

export interface MessagePhoto {
  id: number;
  image: MediaImage;
}

export interface Message {
  id: number;
  thread_id: number;
  /** Sent by the viewer. */
  mine: boolean;
  body: string;
  /** MESSAGE_ACTION: 0 normal, 2 no thanks. */
  action_type: number;
  photos: MessagePhoto[];
  created_at: number;
  /** The other member has read it (for the viewer's own messages). */
  read: boolean;
  /**
   * The viewer's own key of this send (`client_key`, ADR 048), on their own messages only (null on the other
   * member's): a client matches a stored message to its optimistic copy by it, whichever arrives first — the send's
   * answer, the socket event or a resync (ADR 052).
   */
  client_key: string | null;
  /** Its sender paid to boost it (ADR 083): the page marks it. */
  boosted: boolean;
}

export interface ThreadSummary {
  thread_id: number;
  partner: MessengerPartner;
  state: ConversationState;
  folder: ThreadFolder;
  unread_count: number;
  last_message: { id: number; mine: boolean; preview: string; photo_count: number; action_type: number; created_at: number } | null;
  updated_at: number;
}

/** GET /messenger/threads. */
export interface ThreadList {
  folder: ThreadFolder;
  items: ThreadSummary[];
  page: number;
  page_size: number;
  total: number;
  counts: { unread_threads: number; requests: number; hidden: number };
}

/** What a send would answer now (direction check), with the flags the page needs. */
export interface SendCheck {
  outcome: MessageSendOutcome;
  /** The translated message's key for a refusal; null on success. */
  message_key: string | null;
  /** A plus membership would lift the refusal: the page shows the upgrade prompt. */
  upgrade: boolean;
  /** A dollar payment would lift it: the product and its price (contract/prices; not payable before the wallet). */
  dollar_offer: PaymentOffer | null;
  /** The next message opens a conversation (counts against the first-contact limit). */
  first_contact: boolean;
  first_contacts_left: number | null;
}

/** What a viewer can do instead of writing, where writing cannot succeed (ContactOutlook.alternatives). */
export const CONTACT_ALTERNATIVES = ["favorite", "date_request", "plus"] as const;
export type ContactAlternative = (typeof CONTACT_ALTERNATIVES)[number];

/**
 * GET /messenger/contact/{username} (issue 25 item 1, ADR 068): may this viewer write to this profile, and if not,
 * why and what instead — decided by the contact rules (rules.ts decideSend), so the profile says it before anyone
 * writes. For a guest the answer is for a new free client who signs up now (`for: "new_client"`), so the sign-up
 * prompt promises only what the rules then allow.
 */
export interface ContactOutlook {
  for: "viewer" | "new_client";
  /** A first or next message would be accepted now (a guest's: once signed up and the address verified). */
  can_send: boolean;
  /**
   * The rule that applies: a refusal's outcome (hot_escort, new_escort, first_contact_limit, a blocking state, …),
   * email_verification when only the address is missing, a filter outcome when the message would wait in the
   * recipient's requests folder, or null when nothing stands in the way.
   */
  rule: MessageSendOutcome | null;
  /** The rule's translated message (exception.messenger.* or the state's key); null without a rule. */
  message_key: string | null;
  /** A first message would be delivered to the recipient's requests folder (their first-contact filter). */
  to_requests: boolean;
  /** A plus membership would lift the refusal. */
  upgrade: boolean;
  /** What the viewer can do instead when can_send is false (favorite, a date request, plus). */
  alternatives: ContactAlternative[];
}

/**
 * The requests folder's note (common.json contact_rules.*): a first contact the recipient's filter holds back still
 * arrives, in their requests. Only the two reasons a sender can change are told (plus, a verified profile); a filter
 * on gender, age, origin or member type stays the recipient's own business (ADR 043: the sender reads "delivered").
 */
export const TO_REQUESTS_KEYS: Partial<Record<MessageSendOutcome, string>> = {
  membership_verification: "contact_rules.to_requests_plus",
  verified: "contact_rules.to_requests_verified",
};

/** A search tile's line where the contact rules keep free members from writing first (ADR 068). */
export const TILE_CONTACT_RULES = ["hot_escort", "new_escort"] as const;
export type TileContactRule = (typeof TILE_CONTACT_RULES)[number];

/** GET /messenger/messages/{username}. */
export interface Conversation {
  thread_id: number | null;
  partner: MessengerPartner;
  state: ConversationState;
  folder: ThreadFolder | null;
  /** Oldest first. */
  messages: Message[];
  has_older: boolean;
  /** The newest message id the viewer holds (a resync's after_id). */
  last_id: number;
  /** What a send would answer now; null on a resync (after_id), which runs on every socket hint (ADR 048). */
  can_send: SendCheck | null;
  unread_count: number;
}

/** POST /messenger/send/{username} (and /no-thanks): the message and what it did. */
export interface SendResult {
  outcome: "success";
  message: Message;
  thread_id: number;
  /** The first-contact unlock this send paid (ADR 083); null when it paid nothing (or on a retry of a stored send). */
  payment: TokenOperationAnswer | null;
}

/** GET /messenger/unread. */
export interface MessengerUnread {
  unread_messages: number;
  unread_threads: number;
  requests: number;
}

/** POST /messenger/threads/{id}/{action}. */
export interface ThreadActionResult {
  thread_id: number;
  action: ThreadAction;
  folder: ThreadFolder | null;
  unread_count: number;
}

/** GET /messenger/threads/{id}/mediums: the photos of a thread, newest first. */
export interface ThreadMediums {
  thread_id: number;
  items: Array<MessagePhoto & { message_id: number; mine: boolean; created_at: number }>;
}

/** GET /messenger/autocomplete. */
export interface MessengerAutocomplete {
  items: Array<{ username: string; display_name: string; user_type: number }>;
}

/**
 * POST /messenger/boost/{id} (ADR 083): the message is boosted. `payment` is the MESSAGE_BOOST operation under the
 * request's key (the same answer on a retry); null with `already_boosted` when the message was boosted before under
 * another key (nothing paid).
 */
export interface BoostResult {
  message_id: number;
  already_boosted: boolean;
  payment: TokenOperationAnswer | null;
}

/** POST /messenger/boost/{id}: the request's idempotency key (the boost's own, contract/wallet moneyKeySchema). */
export const boostBodySchema = v.object({ key: moneyKeySchema }, "validation.invalid");
