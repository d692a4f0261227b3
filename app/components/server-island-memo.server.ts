/**
 * The server islands' HTML remembered by what drew it (ADR 177). An island made by `rememberedIsland`
 * (RememberedIsland.tsx) is a pure function of its `data`, the page's URL and its language: the same inputs draw the
 * same bytes. So the HTML an island drew is kept under exactly those inputs, and a later render with equal inputs
 * writes those bytes instead of rendering the part again. Nothing is ever invalidated because nothing can go stale: the key is the
 * whole input (the data as JSON, written so that different values never spell the same text), not a version of it.
 * Whatever decides what the data holds (the API's search: ranking, blocks, visibility) still runs on every request.
 *
 * Bounded: at most MEMO_CHARS characters of keys and HTML together, the least recently used entries leave first.
 */
import type { IslandMemo } from "~/components/RememberedIsland";

/** Characters of keys and HTML kept at most (≤ 8 MB even if every string were two bytes a character). */
export const MEMO_CHARS = 4_000_000;

/** `ISLAND_MEMO=0` turns the memo off (every island renders), e.g. to measure what a first visit costs. */
const enabled = process.env.ISLAND_MEMO !== "0";

class NotMemoizable extends Error {}

/**
 * The JSON of a value in which different values are different texts: `undefined` (a property JSON would drop),
 * NaN and ±Infinity (JSON's null) get a spelling of their own behind a NUL, and a string that starts with a NUL gets
 * one more, so no data can spell those. Functions, symbols and bigints make the data not memoizable.
 */
export function exactJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    switch (typeof v) {
      case "undefined":
        return "\u0000u";
      case "number":
        return Number.isFinite(v) ? v : `\u0000${String(v)}`;
      case "string":
        return v.charCodeAt(0) === 0 ? `\u0000${v}` : v;
      case "function":
      case "symbol":
      case "bigint":
        throw new NotMemoizable();
      default:
        return v;
    }
  });
}

/** The HTML by key, in the order of last use (a Map keeps insertion order: a use moves the entry to the end). */
const entries = new Map<string, string>();
let chars = 0;

function remember(key: string, html: string) {
  const before = entries.get(key);
  if (before !== undefined) {
    entries.delete(key);
    chars -= key.length + before.length;
  }
  if (key.length + html.length > MEMO_CHARS) return;
  entries.set(key, html);
  chars += key.length + html.length;
  for (const [oldKey, oldHtml] of entries) {
    if (chars <= MEMO_CHARS) break;
    entries.delete(oldKey);
    chars -= oldKey.length + oldHtml.length;
  }
}

function recall(key: string): string | undefined {
  const html = entries.get(key);
  if (html !== undefined) {
    entries.delete(key);
    entries.set(key, html);
  }
  return html;
}

/** Forgets everything (tests). */
export function clearIslandMemo() {
  entries.clear();
  chars = 0;
}

/** How many islands are remembered, and their size (tests, diagnostics). */
export function islandMemoSize(): { entries: number; chars: number } {
  return { entries: entries.size, chars };
}

/** The opening tag React writes for island `id` (ServerIsland's wrapper: `data-island`, then the `display` style). */
const openingTag = (id: string) => `<div data-island="${id}" style="display:contents">`;
/** A boundary React did not finish (pending, or failed and left to the browser): such HTML is not the part's. */
const UNFINISHED = /<!--\$[!?]-->/;
const DIV_TAG = /<(\/?)div[\s>]/g;

/**
 * What island `id` holds in a page's HTML: the text between its wrapper's opening tag and the matching `</div>`, or
 * null when the page does not hold it exactly once, or holds it unfinished or with another island inside. React
 * escapes `<` in text and attribute values, so every `<div`/`</div>` in its output is a tag.
 */
export function islandHtmlIn(page: string, id: string): string | null {
  const tag = openingTag(id);
  const at = page.indexOf(tag);
  if (at < 0 || page.indexOf(tag, at + 1) >= 0) return null;
  const start = at + tag.length;
  DIV_TAG.lastIndex = start;
  let depth = 1;
  for (let match = DIV_TAG.exec(page); match; match = DIV_TAG.exec(page)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      const inner = page.slice(start, match.index);
      return UNFINISHED.test(inner) || inner.includes("data-island=") ? null : inner;
    }
  }
  return null;
}

/** A page's use of the memo: its islands look up their HTML; after the render, what they drew is kept. */
export interface PageIslandMemo {
  memo: IslandMemo;
  /** The page's finished HTML (only of a whole, successful render): the islands that missed are kept from it. */
  keepFrom(page: string): void;
}

/** The memo for one page render: `path` is the URL's path and query, `lang` the render's language. */
export function pageIslandMemo(path: string, lang: string): PageIslandMemo | null {
  if (!enabled) return null;
  const missed = new Map<string, string>();
  return {
    memo: {
      html(id, data) {
        let key: string;
        try {
          key = `${id}\n${lang}\n${path}\n${exactJson(data)}`;
        } catch (error) {
          if (error instanceof NotMemoizable) return null;
          throw error;
        }
        const html = recall(key);
        if (html === undefined) missed.set(id, key);
        return html ?? null;
      },
    },
    keepFrom(page) {
      for (const [id, key] of missed) {
        const html = islandHtmlIn(page, id);
        if (html !== null) remember(key, html);
      }
      missed.clear();
    },
  };
}
