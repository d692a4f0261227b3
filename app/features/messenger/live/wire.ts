/** What the live endpoints (live.server.ts) answer the browser. */
import type { ConversationData } from "~/api/messenger.server";

export type LiveWireMessage = ConversationData["messages"][number];

export interface LiveResync {
  messages: LiveWireMessage[];
  /** A full page came back: ask again after its last id. */
  more: boolean;
}

export type LiveSendAnswer =
  | { ok: true; message: LiveWireMessage }
  /** `errors` are translation keys; `upgrade`: a plus membership would lift the refusal. */
  | { ok: false; errors: string[]; upgrade: boolean };
