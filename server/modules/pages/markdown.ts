/**
 * Markdown of the info pages to HTML. Operators write the files, but a
 * compromised deploy or a careless paste must not turn into script on our
 * pages, so the renderer is restrictive: raw HTML is shown as text, links and
 * images keep only http(s), mailto and relative targets, and all text and
 * attributes are escaped by us (marked's defaults would let an entity-encoded
 * "javascript:" through in an href, and pass text after an inline <script>
 * tag through unescaped).
 */
import { Marked, type Tokens } from "marked";
import { escapeHtml } from "../../lib/html";

const ALLOWED_SCHEMES = new Set(["http", "https", "mailto"]);

function isControl(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/** Strips C0 controls and spaces at both ends, as the URL parser does. */
function trimControls(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  num: "#",
  quest: "?",
};

/**
 * CommonMark decodes character references in link destinations and marked
 * does not; decoding here means "&#106;avascript:" is judged as what it
 * spells. Unknown named references stay as they are (and get escaped later).
 */
function decodeEntities(value: string): string {
  return value.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (match, ref: string) => {
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? match;
  });
}

/**
 * The URL as the browser would follow it, or null when it is not allowed.
 * Browsers drop tabs and newlines anywhere in a URL and control characters and
 * spaces at its ends, so the scheme is judged after doing the same.
 */
export function safeUrl(raw: string, { allowMailto = true } = {}): string | null {
  const cleaned = trimControls(decodeEntities(raw).replace(/[\t\n\r]/g, ""));
  if ([...cleaned].some(isControl)) return null;
  if (cleaned.startsWith("\\") || cleaned.startsWith("/\\")) return null;
  // A scheme is whatever precedes the first ":" when no "/", "?" or "#" comes earlier.
  const scheme = /^([^/?#]*?):/.exec(cleaned)?.[1];
  if (scheme !== undefined) {
    const name = scheme.toLowerCase();
    if (!ALLOWED_SCHEMES.has(name)) return null;
    if (name === "mailto" && !allowMailto) return null;
  }
  return cleaned.replace(/ /g, "%20");
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/ł/g, "l")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

function plainText(tokens: Tokens.Generic[] | undefined): string {
  return (tokens ?? []).map((token) => (token.tokens ? plainText(token.tokens) : String(token.text ?? ""))).join("");
}

function createRenderer(): Marked {
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    renderer: {
      // Raw HTML blocks and inline tags are shown as the text they are.
      html(token: Tokens.HTML | Tokens.Tag) {
        const text = escapeHtml(token.text);
        return token.block ? `<p>${text.trim()}</p>\n` : text;
      },
      // marked passes text after an inline <pre> or <script> tag through unescaped
      // ("raw block" state); we render those tags as text, so their contents are text too.
      text(token: Tokens.Text | Tokens.Escape) {
        return "tokens" in token && token.tokens ? this.parser.parseInline(token.tokens) : escapeHtml(token.text);
      },
      code(token: Tokens.Code) {
        const language = /^[\w-]+/.exec(token.lang ?? "")?.[0];
        const text = escapeHtml(token.text.replace(/\n$/, ""));
        return `<pre><code${language ? ` class="language-${language}"` : ""}>${text}\n</code></pre>\n`;
      },
      // One h1 per page (the title from the front matter); body headings start at h2
      // and get ids so a page can link to its own sections (#cookies).
      heading(token: Tokens.Heading) {
        const depth = Math.min(6, Math.max(2, token.depth));
        const inner = this.parser.parseInline(token.tokens);
        const id = slug(plainText(token.tokens as Tokens.Generic[]));
        return `<h${depth}${id ? ` id="${id}"` : ""}>${inner}</h${depth}>\n`;
      },
      link(token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const href = safeUrl(token.href);
        if (href === null) return inner;
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
        const external = /^https?:/i.test(href) || href.startsWith("//");
        const rel = external ? ' rel="noopener noreferrer"' : "";
        return `<a href="${escapeHtml(href)}"${title}${rel}>${inner}</a>`;
      },
      image(token: Tokens.Image) {
        const src = safeUrl(token.href, { allowMailto: false });
        if (src === null) return escapeHtml(token.text);
        const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
        return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}"${title} loading="lazy">`;
      },
    },
  });
  return marked;
}

const renderer = createRenderer();

/** Renders trusted-but-checked Markdown to HTML that is safe to inline. */
export function renderMarkdown(source: string): string {
  return renderer.parse(source, { async: false });
}
