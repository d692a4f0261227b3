/** Placeholder from the live foundation: the livechat part replaces it with the chat panel of the watch page. */
export interface LiveChatPanelData {
  streamId: number;
}

export function LiveChatPanel(_props: { data: LiveChatPanelData }) {
  return null;
}
