/**
 * Discourse's API (ADR 134): GET /categories.json for the category list; with the admin key (Api-Key, acting as the
 * member through Api-Username), GET /u/by-external/{id}.json to find the member's forum username, POST
 * /category/{id}/notifications (notification_level) per category, and PUT /u/{username}.json for the locale.
 */
import type { ForumConfig } from "./config";
import type { ForumApi, ForumCategory } from "./port";

export class ForumApiError extends Error {}

export function discourseApi(config: ForumConfig): ForumApi | null {
  const base = config.url;
  if (!base) return null;
  const origin: string = base;
  const apiKey = config.apiKey;

  async function call(path: string, init: RequestInit & { asUser?: string } = {}): Promise<unknown> {
    const headers = new Headers(init.headers);
    headers.set("accept", "application/json");
    if (apiKey) {
      headers.set("Api-Key", apiKey);
      headers.set("Api-Username", init.asUser ?? "system");
    }
    const response = await fetch(new URL(path, origin), { ...init, headers, signal: AbortSignal.timeout(config.timeoutMs) });
    if (!response.ok) throw new ForumApiError(`forum answered ${response.status} to ${init.method ?? "GET"} ${path}`);
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  }

  async function usernameOf(externalId: string): Promise<string> {
    if (!apiKey) throw new ForumApiError("no forum API key configured");
    const body = (await call(`/u/by-external/${encodeURIComponent(externalId)}.json`)) as { user?: { username?: unknown } } | null;
    const username = body?.user?.username;
    if (typeof username !== "string") throw new ForumApiError("forum has no user with that external id");
    return username;
  }

  return {
    async categories(): Promise<ForumCategory[]> {
      const body = (await call("/categories.json")) as { category_list?: { categories?: Array<{ id?: unknown; name?: unknown }> } } | null;
      return (body?.category_list?.categories ?? [])
        .filter((c): c is { id: number; name: string } => Number.isInteger(c.id) && typeof c.name === "string")
        .map((c) => ({ id: c.id, name: c.name }));
    },
    async setCategoryLevels(externalId, levels) {
      const username = await usernameOf(externalId);
      for (const { categoryId, level } of levels) {
        await call(`/category/${categoryId}/notifications`, {
          method: "POST",
          asUser: username,
          body: new URLSearchParams({ notification_level: String(level) }),
        });
      }
    },
    async setLocale(externalId, locale) {
      const username = await usernameOf(externalId);
      await call(`/u/${encodeURIComponent(username)}.json`, {
        method: "PUT",
        asUser: username,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ locale }),
      });
    },
  };
}
