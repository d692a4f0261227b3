/** The intents of the friend forms (friend.server.ts handles them; FriendForms shows their refusals). */
export const FRIEND_INTENTS = ["friend_request", "friend_accept", "friend_reject", "friend_cancel", "friend_unfriend"] as const;
/** The intents of the note forms. */
export const NOTE_INTENTS = ["note_save", "note_delete"] as const;
/** Every intent of the profile's forms: a refusal of any other (a hand-made post) is shown above them all. */
export const PROFILE_ACTION_INTENTS: readonly string[] = [
  ...FRIEND_INTENTS,
  ...NOTE_INTENTS,
  "favorite",
  "unfavorite",
  "report",
  "block",
  "tip",
];
