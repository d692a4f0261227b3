/**
 * Online status codes (spec section 3 "Messenger": 0-5). 0 none: no open socket (or invisible, seen by
 * others); 1 available: a socket is open; 2 chatting: typed in the last CHATTING_MS; 3 invisible: shown
 * only to the invisible member themself; 4 unavailable: sockets open but every tab reports away;
 * 5 unknown: the caller may not learn it (for example across a block) or presence cannot be told.
 *
 * A leaf file: the messenger's answers carry the codes and the realtime frames send them, and those two contract
 * files import each other's types, so the codes live here and both import them (no import cycle).
 */
export const ONLINE_STATUS = {
  none: 0,
  available: 1,
  chatting: 2,
  invisible: 3,
  unavailable: 4,
  unknown: 5,
} as const;
export const ONLINE_STATUS_NAMES = ["none", "available", "chatting", "invisible", "unavailable", "unknown"] as const;
export type OnlineStatusName = (typeof ONLINE_STATUS_NAMES)[number];
export type OnlineStatus = 0 | 1 | 2 | 3 | 4 | 5;
