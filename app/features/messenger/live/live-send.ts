/**
 * The live conversation's sending (issue 12 item 2): the optimistic sender (./sender) posting through the page's
 * live endpoint, the compose form's submit through it, and how a pending send is drawn (./PendingMessage). A chunk of
 * its own, fetched when the socket client arrives (ADR 168): until then the compose form is the plain post, as without
 * JavaScript, and nothing is pending.
 */
import type { FormEvent } from "react";
import { MESSAGE_PHOTOS_MAX } from "#server/contract/messenger-basics";
import { createSender, SEND_NETWORK_ERROR, type PostOutcome, type Sender, type SenderOptions } from "./sender";
import type { LiveSendAnswer } from "./wire";
import { PendingMessage } from "./PendingMessage";

const JSON_HEADERS = { accept: "application/json" };

/** Sends through the live endpoint; what may pass on a later try (network, server fault) is marked for retry. */
async function postSend(url: string, text: string, files: readonly File[], clientKey: string): Promise<PostOutcome> {
  const form = new FormData();
  // Text before files: the web tier reads the text from the stream's head (messenger.server.ts).
  form.append("body", text);
  for (const file of files) form.append("files", file, file.name);
  const response = await fetch(`${url}?key=${encodeURIComponent(clientKey)}`, { method: "POST", body: form, headers: JSON_HEADERS });
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return { ok: false, error: SEND_NETWORK_ERROR, retry: response.status >= 500 };
  const answer = (await response.json()) as LiveSendAnswer;
  if (answer.ok) return { ok: true, message: answer.message };
  const retry = response.status >= 500 || response.status === 408;
  return { ok: false, error: answer.errors[0] ?? SEND_NETWORK_ERROR, retry };
}

/** The conversation's sender, posting to `url` (messenger/{username}/live). */
function createLiveSender(options: Omit<SenderOptions, "post"> & { url: string }): Sender {
  const { url, ...rest } = options;
  return createSender({ ...rest, post: (text, files, clientKey) => postSend(url, text, files, clientKey) });
}

/**
 * Takes over the compose form's submit: the text and photos go out optimistically and the form clears. What the plain
 * post would refuse anyway (nothing to send, too many photos) is left to it, so its translated error shows next to
 * the field as without JavaScript.
 */
function submitThrough(sender: Sender, event: FormEvent<HTMLFormElement>): void {
  const form = event.currentTarget;
  const data = new FormData(form);
  const text = String(data.get("body") ?? "");
  const files = data.getAll("files").filter((f): f is File => typeof f !== "string" && f.size > 0);
  if ((text.trim() === "" && files.length === 0) || files.length > MESSAGE_PHOTOS_MAX) return;
  event.preventDefault();
  sender.send(text, files);
  form.reset();
}

/** The conversation's live sending (LiveConversation's `LiveSending`): the sender, its submit and the pending sends' drawing. */
export function liveSending(options: Omit<SenderOptions, "post"> & { url: string }) {
  const sender = createLiveSender(options);
  return { sender, submit: (event: FormEvent<HTMLFormElement>) => submitThrough(sender, event), PendingMessage };
}
