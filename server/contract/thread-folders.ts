/**
 * The thread list's folders (issue 12): the inbox, first contacts the member's filter held back, and hidden threads.
 * A leaf: the thread list reads only this, not the conversation's limits and link rules of ./messenger-basics
 * (ADR 168); ./messenger re-exports it for the server.
 */
export const THREAD_FOLDERS = ["inbox", "requests", "hidden"] as const;
export type ThreadFolder = (typeof THREAD_FOLDERS)[number];
