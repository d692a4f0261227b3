/**
 * The community forum (issue 32 item 5, ADR 134): a Discourse forum whose sign-on we provide through
 * DiscourseConnect, and whose API (an admin API key) takes the members' notification levels and language.
 * Off unless FORUM_URL is set; then community/* says plainly that there is no forum.
 */
export interface ForumConfig {
  /** The forum's origin (https://forum.example.com); null: no forum. */
  url: string | null;
  /** discourse_connect_secret: signs both directions of DiscourseConnect. */
  connectSecret: string;
  /** An admin API key (Api-Key header) for pushing members' settings; null: settings are kept here only. */
  apiKey: string | null;
  /** How long one forum API call may take. */
  timeoutMs: number;
}

export const NO_FORUM: ForumConfig = { url: null, connectSecret: "", apiKey: null, timeoutMs: 5_000 };

/** FORUM_URL, FORUM_CONNECT_SECRET (10 characters or more, as Discourse asks), FORUM_API_KEY, FORUM_TIMEOUT_MS. */
export function forumConfigFrom(env: Record<string, string | undefined>): ForumConfig {
  if (!env.FORUM_URL) return NO_FORUM;
  let url: URL;
  try {
    url = new URL(env.FORUM_URL);
  } catch {
    throw new Error("FORUM_URL must be an http(s) URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("FORUM_URL must be an http(s) URL");
  const connectSecret = env.FORUM_CONNECT_SECRET ?? "";
  if (connectSecret.length < 10) throw new Error("FORUM_URL needs FORUM_CONNECT_SECRET (the forum's discourse_connect_secret)");
  const timeoutMs = env.FORUM_TIMEOUT_MS ? Number(env.FORUM_TIMEOUT_MS) : 5_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new Error("FORUM_TIMEOUT_MS must be a positive integer");
  return { url: url.origin, connectSecret, apiKey: env.FORUM_API_KEY || null, timeoutMs };
}
