/**
 * Placeholder added by the streams part (livecore) so the watch page compiles before the merge: livechat's version
 * (same name and signature, agreed in the brief) loads the chat panel's data for a viewer who may watch.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { LiveChatPanelData } from "./LiveChatPanel";

export async function loadLiveChatPanel(_args: LoaderFunctionArgs, streamId: number): Promise<LiveChatPanelData> {
  return { streamId };
}
