/**
 * The live chat room of a stream (issue 31 item 3, ADR 126): a line's text rule, the tip in the chat, the creator's
 * and staff's moderation (remove a line, mute or remove a viewer) and staff's live sanctions (end a stream, suspend a
 * creator's live access), with their error keys and answers. The numbers (length, rate) are contract/live's.
 *
 * Lines follow the messenger's rules: plain text, links only to the messenger's whitelisted domains are shown as
 * links (messageParts, contract/messenger), and the ProstSchG §32 word rule of profile texts refuses a line.
 */
import * as v from "valibot";
import { LIVE_CHAT_MAX, LIVE_VIEWER_SANCTIONS, type LiveChatKind, type LiveRole, type LiveState, type LiveViewerSanction } from "./live";
import { findProstSchGTerm, prostSchGMessage } from "./prostschg";
import { REPORT_LIMITS } from "./reports";
import { MAX_ROW_ID, ROW_ID_OR_ZERO_PATTERN } from "./row-id";
import { tipAmountSchema, type TipAnswer } from "./tips";
import { moneyKeySchema } from "./wallet";

/** How many lines a room answers at most (the newest; a resync pages on with after_id). */
export const LIVE_CHAT_PAGE = 50;
/** A creator's live suspension: 1 to this many days, or until lifted (no `days`). */
export const LIVE_SUSPENSION_MAX_DAYS = 365;

export const LIVE_CHAT_ERRORS = {
  /** No such stream for the caller: unknown, blocked either way, the creator hidden (as liveAccess's not_found). */
  notFound: "exception.live_chat.not_found",
  /** The stream is not on air: nothing to say, nobody to tip. */
  ended: "exception.live_chat.ended",
  /** The caller may not watch (audience: plus, fans, payment) and so may not chat. */
  noAccess: "exception.live_chat.no_access",
  /** The creator or staff muted the caller in this stream. */
  muted: "exception.live_chat.muted",
  /** The creator or staff removed the caller from this stream. */
  removed: "exception.live_chat.removed",
  /** More than LIVE_CHAT_BURST lines within LIVE_CHAT_BURST × LIVE_CHAT_INTERVAL_MS. */
  tooFast: "exception.live_chat.too_fast",
  /** Moderation by someone who is neither the stream's creator nor staff. */
  notModerator: "exception.live_chat.not_moderator",
  /** The line is unknown, of another stream, or already removed. */
  lineNotFound: "exception.live_chat.line_not_found",
  /** The member to sanction is unknown, the creator, staff or the caller. */
  memberNotFound: "exception.live_chat.member_not_found",
  /** The creator may not go live: staff suspended their live access (params: until). */
  suspended: "exception.live_chat.suspended",
  /** Lifting a suspension that is not running. */
  notSuspended: "exception.live_chat.not_suspended",
} as const;

const BODY_LENGTH = `validation.live_chat.body_length?max=${LIVE_CHAT_MAX}`;
// eslint-disable-next-line no-control-regex -- the point is to match control characters (they can disguise a text)
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * A chat line: one line of plain text (line breaks and control characters become spaces), trimmed, 1–LIVE_CHAT_MAX
 * characters, under ProstSchG §32 as profile texts and blog comments are (the same matcher and message).
 */
export const liveChatBodySchema = v.pipe(
  v.string(BODY_LENGTH),
  v.transform((s) => s.replace(CONTROL_CHARACTERS, " ").replace(/ {2,}/g, " ")),
  v.trim(),
  v.minLength(1, BODY_LENGTH),
  v.maxLength(LIVE_CHAT_MAX, BODY_LENGTH),
  v.check(
    (input: string) => findProstSchGTerm(input) === null,
    (issue) => prostSchGMessage(findProstSchGTerm(String(issue.input)) ?? ""),
  ),
);

/** POST /live/{id}/chat. */
export const liveChatPostSchema = v.object({ body: liveChatBodySchema }, BODY_LENGTH);

/** GET /live/{id}/chat: the newest LIVE_CHAT_PAGE lines, or those after `after_id` (a client's resync). */
export const liveChatQuerySchema = v.strictObject(
  {
    after_id: v.optional(
      v.pipe(
        v.string("validation.invalid"),
        v.regex(ROW_ID_OR_ZERO_PATTERN, "validation.invalid"),
        v.transform(Number),
        v.maxValue(MAX_ROW_ID, "validation.invalid"),
      ),
    ),
  },
  "validation.invalid",
);

/** A form's checkbox or JSON's boolean. */
const flag = v.optional(
  v.union([
    v.boolean(),
    v.pipe(
      v.picklist(["on", "1", "true", "0", "false", ""]),
      v.transform((s) => s === "on" || s === "1" || s === "true"),
    ),
  ]),
  false,
);

/** POST /live/{id}/chat/tip: whole dollars under the client's money key (a retry answers the first result). */
export const liveChatTipSchema = v.object({ amount: tipAmountSchema, key: moneyKeySchema, anonymous: flag }, "validation.invalid");

const memberIdSchema = v.pipe(
  v.union(
    [
      v.number(LIVE_CHAT_ERRORS.memberNotFound),
      v.pipe(v.string(LIVE_CHAT_ERRORS.memberNotFound), v.regex(/^[1-9]\d{0,9}$/, LIVE_CHAT_ERRORS.memberNotFound), v.transform(Number)),
    ],
    LIVE_CHAT_ERRORS.memberNotFound,
  ),
  v.integer(LIVE_CHAT_ERRORS.memberNotFound),
  v.minValue(1, LIVE_CHAT_ERRORS.memberNotFound),
  v.maxValue(MAX_ROW_ID, LIVE_CHAT_ERRORS.memberNotFound),
);

/** POST /live/{id}/sanctions: mute or remove a viewer for this stream (the stronger replaces the weaker). */
export const liveSanctionSchema = v.object(
  { member_id: memberIdSchema, sanction: v.picklist(LIVE_VIEWER_SANCTIONS, "validation.invalid") },
  "validation.invalid",
);

/** A staff decision's statement of reasons (the member reads it): the reports queue's bounds. */
const statementSchema = v.pipe(
  v.string("validation.required"),
  v.trim(),
  v.nonEmpty("validation.required"),
  v.minLength(REPORT_LIMITS.statementMin, "validation.reports.statement_too_short"),
  v.maxLength(REPORT_LIMITS.statementMax, "validation.reports.statement_too_long"),
);

/** POST /backoffice/live/{id}/end: staff end a stream now. */
export const liveStaffEndSchema = v.object({ statement: statementSchema }, "validation.required");

const daysSchema = v.pipe(
  v.union(
    [
      v.number("validation.live_chat.days"),
      v.pipe(v.string("validation.live_chat.days"), v.regex(/^\d{0,3}$/, "validation.live_chat.days")),
    ],
    "validation.live_chat.days",
  ),
  v.transform((x) => (x === "" ? null : Number(x))),
  v.nullable(
    v.pipe(
      v.number(),
      v.integer("validation.live_chat.days"),
      v.minValue(1, "validation.live_chat.days"),
      v.maxValue(LIVE_SUSPENSION_MAX_DAYS, "validation.live_chat.days"),
    ),
  ),
);

/** POST /backoffice/live/suspensions: suspend a creator's live access for `days` (none: until lifted). */
export const liveSuspendSchema = v.object(
  { member_id: memberIdSchema, days: v.optional(daysSchema, ""), statement: statementSchema },
  "validation.required",
);
/** POST /backoffice/live/suspensions/{member_id}/lift. */
export const liveLiftSchema = v.object({ statement: statementSchema }, "validation.required");

/** A line's author as the room shows them; null for the room's own lines and anonymous tips. */
export interface LiveChatAuthor {
  user_id: number;
  username: string;
}

/** One line of the room as every member of it reads it. */
export interface LiveChatLine {
  id: number;
  stream_id: number;
  kind: LiveChatKind;
  /** The text (a tip's line: the tipper's optional words are not taken; the page writes "tipped N dollars"). */
  body: string;
  author: LiveChatAuthor | null;
  /** Whole dollars of a tip line. */
  tip_amount: number | null;
  /** A tip whose tipper chose to stay anonymous (author is null then). */
  anonymous: boolean;
  created_at: number;
}

/** GET /live/{id}/chat: the room as the caller may use it. */
export interface LiveChatRoom {
  stream_id: number;
  state: LiveState;
  title: string;
  creator: LiveChatAuthor;
  /** PRODUCER, AUDIENCE, or null when the caller may not watch (then no lines). */
  role: LiveRole | null;
  /** Why the caller may not write: muted, removed, ended, no_access; null when they may. */
  refusal: LiveChatRefusal | null;
  /** The creator or staff: may remove lines and sanction viewers. */
  may_moderate: boolean;
  /** The caller may tip here (an admitted viewer, not the creator, not staff). */
  may_tip: boolean;
  viewers: number;
  /** Oldest first. */
  lines: LiveChatLine[];
  /** The newest line's id (0 without lines): the client's resync cursor. */
  last_id: number;
  /** Another page follows after the last line (a resync's after_id). */
  more: boolean;
  /** For moderators: the viewers sanctioned in this stream. */
  sanctions: Array<{ member: LiveChatAuthor; sanction: LiveViewerSanction }>;
}

export type LiveChatRefusal = "muted" | "removed" | "ended" | "no_access";

export interface LiveChatPosted {
  line: LiveChatLine;
}

export interface LiveChatLineRemoved {
  id: number;
  stream_id: number;
}

export interface LiveChatTipped {
  tip: TipAnswer;
  /** The tip's line; null when the tip did not go through (insufficient dollars). */
  line: LiveChatLine | null;
}

export interface LiveViewerSanctionState {
  stream_id: number;
  member_id: number;
  /** null: lifted. */
  sanction: LiveViewerSanction | null;
}

export interface LiveStaffEnded {
  stream_id: number;
  /** false: it had ended already. */
  ended: boolean;
}

export interface LiveSuspensionState {
  member_id: number;
  suspended: boolean;
  /** The end of the running suspension (null: until lifted, or none). */
  until: number | null;
}

export interface LiveChatBodies {
  LiveChatRoom: LiveChatRoom;
  LiveChatPosted: LiveChatPosted;
  LiveChatLineRemoved: LiveChatLineRemoved;
  LiveChatTipped: LiveChatTipped;
  LiveViewerSanctionState: LiveViewerSanctionState;
  LiveStaffEnded: LiveStaffEnded;
  LiveSuspensionState: LiveSuspensionState;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends LiveChatBodies {}
}

// The watch page, the no-JS chat page and a recording's page: in ./live-paths (free of valibot, read in the browser).
export { liveChatPagePath, liveRecordingPath, liveWatchPath } from "./live-paths";
