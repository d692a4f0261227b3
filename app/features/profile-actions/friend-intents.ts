/** The intents of the friend forms (friend.server.ts handles them; FriendForms shows their refusals). */
export const FRIEND_INTENTS = ["friend_request", "friend_accept", "friend_reject", "friend_cancel", "friend_unfriend"] as const;
/** The intents of the note forms. */
export const NOTE_INTENTS = ["note_save", "note_delete"] as const;
