/**
 * What the messenger's pages need in the browser (issue 12, ADR 043), free of valibot: limits, the whitelisted
 * links of a message's text and the conversation states (the thread folders: ./thread-folders). contract/messenger.ts builds valibot
 * schemas at load and re-exports these, so the services keep importing them from there (ADR 155).
 */

/** Spec section 5: at most 4 photos sent at once. */
export const MESSAGE_PHOTOS_MAX = 4;
/** A message's text (the spec shows no bound; a long letter, not a document). */
export const MESSAGE_BODY_MAX = 2000;

/**
 * Spec section 9: eight whitelisted link domains (the spec does not name them). A link to one of them (or a
 * subdomain) is shown as a link; any other address stays plain text. Our own site, then the counselling and health
 * services a member may need (sex workers' counselling, sexual health, help against violence) and a map for meeting
 * places.
 */
export const MESSENGER_LINK_DOMAINS = [
  "velora.de",
  "profamilia.de",
  "hydra-berlin.de",
  "bufas.net",
  "liebesleben.de",
  "hilfetelefon.de",
  "aidshilfe.de",
  "openstreetmap.org",
] as const;

/** Whether a link target is on a whitelisted domain (https or http, the domain itself or a subdomain). */
export function isWhitelistedLink(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  const host = url.hostname.toLowerCase();
  return MESSENGER_LINK_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** A message's text cut into plain text and whitelisted links (the one rule both tiers render by). */
export type MessagePart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };
export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  const pattern = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    const raw = match[0].replace(/[.,;:!?)]+$/, "");
    const start = match.index;
    if (!isWhitelistedLink(raw)) continue;
    if (start > last) parts.push({ kind: "text", text: body.slice(last, start) });
    parts.push({ kind: "link", text: raw, href: raw });
    last = start + raw.length;
  }
  if (last < body.length) parts.push({ kind: "text", text: body.slice(last) });
  return parts;
}

/**
 * Spec section 4 "Conversation state", from the other member: support accounts and deleted members first, then
 * the spec's order (banned, paused, deactivated, hidden, blocked by you, blocked by them), then the no-thanks
 * states, else normal.
 */
export const CONVERSATION_STATES = [
  "normal",
  "support",
  "deleted",
  "banned",
  "user_paused",
  "deactivated",
  "hidden",
  "blocked_user",
  "blocked_by_user",
  "no_thanks",
  "sent_no_thanks",
] as const;
export type ConversationState = (typeof CONVERSATION_STATES)[number];
/** States in which the viewer cannot send (sent_no_thanks: the viewer may write again, which withdraws it). */
export const BLOCKING_STATES: readonly ConversationState[] = CONVERSATION_STATES.filter(
  (state) => state !== "normal" && state !== "sent_no_thanks",
);
