/**
 * The members of a conversation as the messenger's rules read them, the conversation state (spec section 4, in its
 * order) and the online status codes 0–5 (spec section 3) from live presence (ADR 042, 043).
 */
import type { ApiDeps } from "../../api/types";
import { ONLINE_STATUS, type ConversationState, type MessengerPartner } from "../../contract/messenger";
import type { OnlineStatus } from "../../contract/realtime";
import { isStaffUserType } from "../../contract/moderation";
import type { DB } from "../../db/index";
import { entitlementsOf, isListedOwner, visibleMediaLevels, type BlockRelation, type ViewerContext } from "../access/index";
import { mediaImageOf } from "../media/index";

export interface MemberRow {
  id: number;
  username: string;
  email: string;
  language: string;
  status: string;
  user_type: number;
  register_completed_step: number;
  gender: number | null;
  birth_date: string | null;
  is_member: number;
  member_until: number | null;
  invisible_browsing: number;
  created_at: number;
  last_login_at: number | null;
  last_active_at: number | null;
  business_kind: string | null;
  is_visible: number | null;
  members_only: number | null;
  display_name: string | null;
  country_code: string | null;
  is_hot: number | null;
  verified_at: number | null;
  /** A running rise-up lifts the client contact limits of an escort or business (issue 27 item 3, ADR 084). */
  rise_up_until: number | null;
  /** The viewer context's columns (access/viewerContextOf): the sender's e-mail verification. */
  email_verified_at: number | null;
  email_was_verified: number;
  is_bounced_email: number;
}

/** The member columns, for queries that read a member with more (the messenger's pair read). */
export const MEMBER_COLUMNS = [
  "users.id",
  "users.username",
  "users.email",
  "users.language",
  "users.status",
  "users.user_type",
  "users.register_completed_step",
  "users.gender",
  "users.birth_date",
  "users.is_member",
  "users.member_until",
  "users.invisible_browsing",
  "users.created_at",
  "users.last_login_at",
  "users.last_active_at",
  "users.business_kind",
  "profiles.is_visible",
  "profiles.members_only",
  "profiles.display_name",
  "profiles.country_code",
  "profiles.is_hot",
  "profiles.verified_at",
  "profiles.rise_up_until",
  "users.email_verified_at",
  "users.email_was_verified",
  "users.is_bounced_email",
] as const;

function memberQuery(db: DB) {
  return db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select([...MEMBER_COLUMNS]);
}

export function normalize(row: MemberRow): MemberRow {
  return {
    ...row,
    email_verified_at: row.email_verified_at === null ? null : Number(row.email_verified_at),
    created_at: Number(row.created_at),
    last_login_at: row.last_login_at === null ? null : Number(row.last_login_at),
    last_active_at: row.last_active_at === null ? null : Number(row.last_active_at),
    member_until: row.member_until === null ? null : Number(row.member_until),
    rise_up_until: row.rise_up_until === null ? null : Number(row.rise_up_until),
  };
}

export async function memberById(db: DB, id: number): Promise<MemberRow | undefined> {
  const row = await memberQuery(db).where("users.id", "=", id).executeTakeFirst();
  return row ? normalize(row) : undefined;
}

export async function memberByUsername(db: DB, username: string): Promise<MemberRow | undefined> {
  const row = await memberQuery(db).where("users.username_key", "=", username.toLowerCase()).executeTakeFirst();
  return row ? normalize(row) : undefined;
}

/**
 * The partner's member row out of a statement that left-joined `users` and `profiles` by the partner's id and selected
 * MEMBER_COLUMNS (the thread list's page, ADR 178): none when the users row is gone, as membersByIds had none.
 */
export function joinedMember<Row extends { [K in keyof MemberRow]: MemberRow[K] | null }>(row: Row): MemberRow | undefined {
  const { id, username, email, language, status, user_type, register_completed_step, is_member, invisible_browsing } = row;
  const { created_at, email_was_verified, is_bounced_email } = row;
  if (
    id === null ||
    username === null ||
    email === null ||
    language === null ||
    status === null ||
    user_type === null ||
    register_completed_step === null ||
    is_member === null ||
    invisible_browsing === null ||
    created_at === null ||
    email_was_verified === null ||
    is_bounced_email === null
  )
    return undefined;
  return normalize({
    id,
    username,
    email,
    language,
    status,
    user_type,
    register_completed_step,
    gender: row.gender,
    birth_date: row.birth_date,
    is_member,
    member_until: row.member_until,
    invisible_browsing,
    created_at,
    last_login_at: row.last_login_at,
    last_active_at: row.last_active_at,
    business_kind: row.business_kind,
    is_visible: row.is_visible,
    members_only: row.members_only,
    display_name: row.display_name,
    country_code: row.country_code,
    is_hot: row.is_hot,
    verified_at: row.verified_at,
    rise_up_until: row.rise_up_until,
    email_verified_at: row.email_verified_at,
    email_was_verified,
    is_bounced_email,
  });
}

/**
 * Spec section 4: the conversation state from the other member. Support accounts and deleted members first (there
 * is nobody to reach), then banned, paused, deactivated, hidden, blocked by you (the relation block or both),
 * blocked by them; then who said no thanks; else normal.
 */
export function conversationState(
  viewerId: number,
  other: MemberRow | undefined,
  blocks: BlockRelation | undefined,
  noThanksBy: number | null,
): ConversationState {
  if (!other || other.status === "deleted") return "deleted";
  if (isStaffUserType(other.user_type)) return "support";
  if (other.status === "banned") return "banned";
  if (other.status === "paused") return "user_paused";
  if (other.status === "deactivated") return "deactivated";
  if (!isListedOwner(other)) return "hidden";
  if (blocks?.mine) return "blocked_user";
  if (blocks?.theirs) return "blocked_by_user";
  if (noThanksBy === other.id) return "no_thanks";
  if (noThanksBy === viewerId) return "sent_no_thanks";
  return "normal";
}

/** The states in which the viewer may learn the other member's presence: the conversation is theirs to have. */
const PRESENCE_SHOWN: ReadonlySet<ConversationState> = new Set(["normal", "no_thanks", "sent_no_thanks"]);

/**
 * Spec section 3: online status 0–5 as the viewer sees the other member, from live presence (`deps.presence`, ADR
 * 042: 0 no socket, 1 available, 2 chatting, 4 every tab away). 5 unknown wherever the viewer may not learn it:
 * deleted, support, banned, paused, deactivated, hidden, a block either way (as the hub's watch answers across a
 * block). A plus member browsing invisibly reads 0 from the stored switch as well, which is fresher than the flag
 * their socket took at its handshake. Stored activity (last_active_at) is no fallback: a member without a socket is
 * not online in the sense of the codes, and the page must agree with the presence frames that follow on /ws.
 */
export function onlineStatus(
  presence: Pick<ApiDeps["presence"], "status">,
  viewerId: number,
  other: MemberRow | undefined,
  state: ConversationState,
  now: number,
): OnlineStatus {
  if (!other || !PRESENCE_SHOWN.has(state)) return ONLINE_STATUS.unknown;
  if (other.invisible_browsing === 1 && entitlementsOf(other, now).may("invisible_browsing")) return ONLINE_STATUS.none;
  return presence.status(viewerId, other.id);
}

/** The avatars the viewer may see of these members, by member id. */
export async function avatarsOf(
  deps: ApiDeps,
  viewer: ViewerContext,
  ids: number[],
): Promise<Map<number, ReturnType<typeof mediaImageOf>>> {
  const avatars = new Map<number, ReturnType<typeof mediaImageOf>>();
  if (ids.length === 0) return avatars;
  const rows = await deps.db
    .selectFrom("media")
    .select(["user_id", "public_id", "width", "height", "variant_widths"])
    .where("user_id", "in", ids)
    .where("is_avatar", "=", 1)
    .where("status", "=", 1)
    .where("visibility", "in", visibleMediaLevels(viewer))
    // A paid medium is never a face (issue 28, ADR 093).
    .where("access", "=", "open")
    .orderBy("position")
    .execute();
  for (const row of rows) if (!avatars.has(row.user_id)) avatars.set(row.user_id, mediaImageOf(row));
  return avatars;
}

/** The partner as the viewer sees them; a deleted member keeps no name. */
export function partnerOf(
  other: MemberRow | undefined,
  state: ConversationState,
  status: number,
  avatar: ReturnType<typeof mediaImageOf> | undefined,
): MessengerPartner {
  const visible = state === "normal" || state === "no_thanks" || state === "sent_no_thanks" || state === "support";
  return {
    user_id: other && visible ? other.id : null,
    username: other && state !== "deleted" ? other.username : "",
    display_name: other && state !== "deleted" ? (other.display_name ?? other.username) : "",
    user_type: other?.user_type ?? 0,
    online_status: status,
    avatar: visible ? (avatar ?? null) : null,
  };
}
