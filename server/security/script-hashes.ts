/**
 * CSP hash sources for the inline scripts of a page that many visitors share (ADR 143). A cached guest page
 * cannot carry a per-request nonce: one nonce served to every visitor of the copy would be a known nonce.
 * So such a page is rendered without a nonce and its policy allows exactly the inline scripts it holds,
 * by their SHA-256 (CSP Level 2 `'sha256-…'`), computed once when the page is rendered (then cached).
 */
import { createHash } from "node:crypto";

/**
 * Script types a browser executes (HTML: a missing or empty type, a JavaScript MIME type, or "module").
 * Data blocks such as `application/ld+json` are never executed and CSP does not apply to them.
 */
const EXECUTED_TYPE =
  /^(?:|module|(?:text|application)\/(?:javascript|ecmascript|x-javascript|x-ecmascript)|text\/(?:jscript|livescript))$/i;

// React writes attributes with double quotes and every inline script's text ends at the first `</script`
// (Remix and React escape `</` inside the text), so a scan is exact for our own markup.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** The text of every inline script the browser would execute, in document order. */
export function executedInlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    if (type && !EXECUTED_TYPE.test((type[1] ?? type[2] ?? type[3] ?? "").trim())) continue;
    scripts.push(text);
  }
  return scripts;
}

/** `'sha256-…'` of a script's text as the browser hashes it: its UTF-8 bytes, base64. */
export function scriptHashSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The hash sources of a page's executed inline scripts, each once. */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(executedInlineScripts(html).map(scriptHashSource))];
}
