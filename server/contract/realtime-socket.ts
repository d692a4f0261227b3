/**
 * The numbers of the /ws protocol that browser code needs (re-exported by ./realtime). A module without valibot:
 * the plain scripts of pages without hydration (public/scripts/, built from app/scripts/, ADR 065) import it, and
 * ./realtime's frame schema would bring valibot into each of them (as ADR 050 found for the header).
 */

/** Where the socket hub listens (server/realtime/ws.ts); clients connect to it on their own origin. */
export const REALTIME_PATH = "/ws";

/** A member counts as "chatting" this long after their last typing signal. */
export const CHATTING_MS = 30_000;
/** A typing indicator fades after this without a new signal (clients send one at most every TYPING_THROTTLE_MS). */
export const TYPING_TTL_MS = 6_000;
export const TYPING_THROTTLE_MS = 2_500;
/** Clients send a presence heartbeat this often; the server resends its members' presence as often. */
export const PRESENCE_HEARTBEAT_MS = 25_000;
/** Members one socket may watch for presence changes. */
export const PRESENCE_WATCH_MAX = 100;
