/**
 * The safe editor of blog posts (issue 29 item 3, ADR 101): a post's body is structured content — a list of blocks
 * (paragraph, heading 2/3, bulleted or numbered list, image of the author's gallery) whose text runs carry at most
 * emphasis, strong and an http(s) link. It is never HTML: the app renders it with React, so no script, style or
 * attribute can reach a page, whatever was typed.
 *
 * Without JavaScript the author writes a small markup in a textarea (BLOG_MARKUP_GUIDE); `parseBlogMarkup` reads it
 * with marked's lexer (already used for the content pages) and keeps only what maps to a block; anything else
 * (raw HTML, code, tables) stays as the plain text it was typed as. `blogMarkupOf` writes blocks back as markup for
 * the edit form, so a post survives any number of edits unchanged. `blogBodySchema` is the one rule both tiers check.
 */
import { Lexer, type Token, type Tokens } from "marked";
import * as v from "valibot";
import { MAX_ROW_ID } from "./row-id";

/** A run of text and its marks (a link's text may be emphasised too). Single-word keys: the web tier's camelizing leaves them. */
export interface BlogSpan {
  text: string;
  em?: boolean;
  strong?: boolean;
  /** An http(s) address; rendered with rel="nofollow ugc noopener". */
  href?: string;
}

export type BlogBlock =
  | { type: "paragraph"; spans: BlogSpan[] }
  | { type: "heading"; level: 2 | 3; spans: BlogSpan[] }
  | { type: "list"; ordered: boolean; items: BlogSpan[][] }
  /** A photo of the author's own gallery (accepted, public, open to all), by its media id. */
  | { type: "image"; id: number; alt: string };

/** The bounds of a body (the spec names none): a long article fits, a flood does not. */
export const BLOG_EDITOR_LIMITS = {
  /** The markup an author may send (characters). */
  markupMax: 40_000,
  /** The text of all blocks together (characters). */
  textMax: 30_000,
  blocksMax: 300,
  spansMax: 200,
  spanMax: 10_000,
  listItemsMax: 100,
  imagesMax: 20,
  altMax: 200,
  hrefMax: 2_000,
} as const;

/** The error keys of a body (translated in the common namespace, as every error key). */
export const BLOG_BODY_ERRORS = {
  required: "validation.blogs.body_required",
  tooLong: `validation.blogs.body_too_long?max=${BLOG_EDITOR_LIMITS.textMax}`,
  /** A link that is not http(s) (javascript:, data:, mailto: …). */
  link: "validation.blogs.link",
  /** An image that is no `media:<id>` of the author's gallery. */
  image: "validation.blogs.image",
  /** Anything else that is not a block of the editor (unknown keys, types, sizes). */
  invalid: "validation.blogs.body_invalid",
} as const;

/** The markup, as the edit page explains it (one example per line; the page translates the descriptions). */
export const BLOG_MARKUP_GUIDE = [
  { example: "## …", part: "heading2" },
  { example: "### …", part: "heading3" },
  { example: "*…*", part: "em" },
  { example: "**…**", part: "strong" },
  { example: "- …", part: "bullets" },
  { example: "1. …", part: "numbers" },
  { example: "[…](https://…)", part: "link" },
  { example: "![…](media:123)", part: "image" },
] as const;

/** Only http and https: an address the browser opens as a page, never runs. */
export function isSafeHref(href: string): boolean {
  if (href.length > BLOG_EDITOR_LIMITS.hrefMax || !/^https?:\/\//i.test(href)) return false;
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

// ── the schema (JSON clients send blocks; the form sends markup, parsed into the same blocks) ─────────────────────

const L = BLOG_EDITOR_LIMITS;
const invalid = BLOG_BODY_ERRORS.invalid;

const spanSchema = v.strictObject(
  {
    text: v.pipe(v.string(invalid), v.maxLength(L.spanMax, BLOG_BODY_ERRORS.tooLong)),
    em: v.optional(v.boolean(invalid)),
    strong: v.optional(v.boolean(invalid)),
    href: v.optional(v.pipe(v.string(BLOG_BODY_ERRORS.link), v.check(isSafeHref, BLOG_BODY_ERRORS.link))),
  },
  invalid,
);
const spansSchema = v.pipe(v.array(spanSchema, invalid), v.maxLength(L.spansMax, invalid));

const blockSchema = v.variant(
  "type",
  [
    v.strictObject({ type: v.literal("paragraph"), spans: spansSchema }, invalid),
    v.strictObject({ type: v.literal("heading"), level: v.picklist([2, 3], invalid), spans: spansSchema }, invalid),
    v.strictObject(
      {
        type: v.literal("list"),
        ordered: v.boolean(invalid),
        items: v.pipe(v.array(spansSchema, invalid), v.minLength(1, invalid), v.maxLength(L.listItemsMax, invalid)),
      },
      invalid,
    ),
    v.strictObject(
      {
        type: v.literal("image"),
        id: v.pipe(
          v.number(BLOG_BODY_ERRORS.image),
          v.integer(BLOG_BODY_ERRORS.image),
          v.minValue(1, BLOG_BODY_ERRORS.image),
          v.maxValue(MAX_ROW_ID, BLOG_BODY_ERRORS.image),
        ),
        alt: v.optional(v.pipe(v.string(invalid), v.maxLength(L.altMax, invalid)), ""),
      },
      invalid,
    ),
  ],
  invalid,
);

/** The text a body shows, run together (the excerpt, the text rules, the length bound). */
export function blogPlainText(blocks: readonly BlogBlock[]): string {
  const line = (spans: readonly BlogSpan[]) => spans.map((span) => span.text).join("");
  return blocks
    .map((block) => (block.type === "image" ? "" : block.type === "list" ? block.items.map(line).join("\n") : line(block.spans)))
    .filter((text) => text.trim() !== "")
    .join("\n\n");
}

/** The blocks: bounded in number, text and images, not empty. */
const blocksSchema = v.pipe(
  v.array(blockSchema, invalid),
  v.maxLength(L.blocksMax, BLOG_BODY_ERRORS.tooLong),
  v.check((blocks) => blocks.filter((block) => block.type === "image").length <= L.imagesMax, BLOG_BODY_ERRORS.image),
  v.check((blocks) => blogPlainText(blocks as BlogBlock[]).length <= L.textMax, BLOG_BODY_ERRORS.tooLong),
  v.check(
    (blocks) => blogPlainText(blocks as BlogBlock[]).trim() !== "" || blocks.some((block) => block.type === "image"),
    BLOG_BODY_ERRORS.required,
  ),
);

/**
 * A post's body: markup (a form's textarea, parsed here on the server) or blocks (JSON); either way the same blocks,
 * checked by one schema. Every problem is the field's own (source "body", not a path into the blocks), so the form
 * shows it next to the textarea.
 */
export const blogBodySchema = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value;
    if (typeof value === "string" && value.length > L.markupMax) {
      addIssue({ message: BLOG_BODY_ERRORS.tooLong });
      return NEVER;
    }
    const parsed = typeof value === "string" ? parseBlogMarkup(value) : { blocks: value, problem: null };
    if (parsed.problem !== null) {
      addIssue({ message: parsed.problem });
      return NEVER;
    }
    if (!Array.isArray(parsed.blocks) || parsed.blocks.length === 0) {
      addIssue({ message: BLOG_BODY_ERRORS.required });
      return NEVER;
    }
    const checked = v.safeParse(blocksSchema, parsed.blocks);
    if (!checked.success) {
      addIssue({ message: checked.issues[0].message });
      return NEVER;
    }
    return checked.output as BlogBlock[];
  }),
);

// ── markup → blocks ─────────────────────────────────────────────────────────────────────────────────────────────

type Marks = Omit<BlogSpan, "text">;

/** Adjacent runs with the same marks become one. */
function pushSpan(spans: BlogSpan[], text: string, marks: Marks): void {
  if (text === "") return;
  const last = spans[spans.length - 1];
  if (last && last.em === marks.em && last.strong === marks.strong && last.href === marks.href) last.text += text;
  else spans.push({ text, ...marks });
}

const MEDIA_REF = /^media:([1-9]\d{0,9})$/;

interface InlineOut {
  /** The current paragraph's runs; an image closes it. */
  spans: BlogSpan[];
  blocks: BlogBlock[];
  problem: string | null;
}

function inline(tokens: readonly Token[] | undefined, marks: Marks, out: InlineOut, allowImages: boolean): void {
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
      case "em":
        inline((token as Tokens.Strong | Tokens.Em).tokens, { ...marks, [token.type]: true }, out, allowImages);
        break;
      case "link": {
        const link = token as Tokens.Link;
        // Kept as written: the schema refuses an address that is not http(s) at the field, so the author sees why.
        inline(link.tokens, { ...marks, href: link.href }, out, allowImages);
        break;
      }
      case "image": {
        const image = token as Tokens.Image;
        const ref = MEDIA_REF.exec(image.href);
        if (!ref || !allowImages) {
          out.problem ??= BLOG_BODY_ERRORS.image;
          break;
        }
        flushParagraph(out);
        // The lexer leaves an image's text as typed: its escapes are undone here, as for any other text.
        const alt = image.text.replace(/\\([!-/:-@[-`{-~])/g, "$1");
        out.blocks.push({ type: "image", id: Number(ref[1]), alt: alt.slice(0, L.altMax) });
        break;
      }
      case "br":
        pushSpan(out.spans, "\n", marks);
        break;
      case "text":
        if ("tokens" in token && token.tokens && token.tokens.length > 0) inline(token.tokens, marks, out, allowImages);
        else pushSpan(out.spans, (token as Tokens.Text).text, marks);
        break;
      default:
        // escape, codespan, del, inline HTML …: their text as typed (React shows it as text, never as markup).
        pushSpan(out.spans, "text" in token && typeof token.text === "string" ? token.text : token.raw, marks);
    }
  }
}

function flushParagraph(out: InlineOut): void {
  const spans = trimSpans(out.spans);
  if (spans.length > 0) out.blocks.push({ type: "paragraph", spans });
  out.spans = [];
}

/** Whitespace at the ends of a block is no content (an image on its own line leaves a line break behind). */
function trimSpans(spans: BlogSpan[]): BlogSpan[] {
  const result = spans.map((span) => ({ ...span }));
  while (result.length > 0 && result[0]!.text.trim() === "") result.shift();
  while (result.length > 0 && result[result.length - 1]!.text.trim() === "") result.pop();
  if (result.length > 0) {
    result[0]!.text = result[0]!.text.trimStart();
    result[result.length - 1]!.text = result[result.length - 1]!.text.trimEnd();
  }
  return result;
}

/** The runs of one list item; a nested list's items join the list (one level, as the editor offers). */
function listItems(item: Tokens.ListItem, out: { items: BlogSpan[][]; problem: string | null }): void {
  const own: InlineOut = { spans: [], blocks: [], problem: null };
  const nested: Tokens.ListItem[] = [];
  for (const child of item.tokens) {
    if (child.type === "list") nested.push(...(child as Tokens.List).items);
    else if (child.type === "space") continue;
    else {
      if (own.spans.length > 0) pushSpan(own.spans, " ", {});
      inline(
        "tokens" in child && child.tokens ? child.tokens : [{ type: "text", raw: child.raw, text: child.raw } as Tokens.Text],
        {},
        own,
        false,
      );
    }
  }
  out.problem ??= own.problem;
  const spans = trimSpans(own.spans);
  if (spans.length > 0) out.items.push(spans);
  for (const child of nested) listItems(child, out);
}

function blocksOf(tokens: readonly Token[], blocks: BlogBlock[]): string | null {
  let problem: string | null = null;
  for (const token of tokens) {
    switch (token.type) {
      case "space":
      case "hr":
      case "def":
        break;
      case "heading": {
        const heading = token as Tokens.Heading;
        const out: InlineOut = { spans: [], blocks: [], problem: null };
        inline(heading.tokens, {}, out, false);
        problem ??= out.problem;
        const spans = trimSpans(out.spans);
        if (spans.length > 0) blocks.push({ type: "heading", level: heading.depth <= 2 ? 2 : 3, spans });
        break;
      }
      case "paragraph": {
        const out: InlineOut = { spans: [], blocks, problem: null };
        inline((token as Tokens.Paragraph).tokens, {}, out, true);
        flushParagraph(out);
        problem ??= out.problem;
        break;
      }
      case "list": {
        const list = token as Tokens.List;
        const out = { items: [] as BlogSpan[][], problem: null as string | null };
        for (const item of list.items) listItems(item, out);
        problem ??= out.problem;
        if (out.items.length > 0) blocks.push({ type: "list", ordered: list.ordered, items: out.items });
        break;
      }
      case "blockquote":
        problem ??= blocksOf((token as Tokens.Blockquote).tokens, blocks);
        break;
      default: {
        // Code, raw HTML, tables …: the text as typed, as a paragraph (shown as text, never interpreted).
        const text = ("text" in token && typeof token.text === "string" ? token.text : token.raw).trim();
        if (text !== "") blocks.push({ type: "paragraph", spans: [{ text }] });
      }
    }
  }
  return problem;
}

/**
 * The author's markup as blocks. `problem` is the first thing the editor cannot keep (an image that is not
 * `media:<id>`): the form shows it at the field instead of dropping what was typed.
 */
export function parseBlogMarkup(markup: string): { blocks: BlogBlock[]; problem: string | null } {
  const tokens = new Lexer({ gfm: true, breaks: false }).lex(markup.replace(/\r\n?/g, "\n"));
  const blocks: BlogBlock[] = [];
  const problem = blocksOf(tokens, blocks);
  return { blocks, problem };
}

// ── blocks → markup (the edit form's textarea) ──────────────────────────────────────────────────────────────────

/** Characters the markup would read as syntax are written escaped, so text comes back as the same text. */
function escapeText(text: string): string {
  return (
    text
      .replace(/[\\`*_[\]<>!#~|]/g, (ch) => `\\${ch}`)
      // At a line's start "1." would open a list, "-" or "+" a list or a rule, "=" an underlined heading.
      .replace(/^(\s*)(\d+)([.)])/gm, "$1$2\\$3")
      .replace(/^(\s*)([-+=])/gm, "$1\\$2")
  );
}

function markupOfSpans(spans: readonly BlogSpan[]): string {
  return spans
    .map((span) => {
      // Whitespace stays outside the marks: "** x**" would not be read as strong.
      const [, lead = "", core = "", trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(span.text) ?? [];
      if (core === "") return span.text.replace(/\n/g, " ");
      let text = escapeText(core).replace(/\n/g, "  \n");
      if (span.em) text = `*${text}*`;
      if (span.strong) text = `**${text}**`;
      if (span.href) text = `[${text}](<${span.href.replace(/[<>]/g, encodeURIComponent)}>)`;
      return `${lead.replace(/\n/g, " ")}${text}${trail.replace(/\n/g, " ")}`;
    })
    .join("");
}

/** Blocks as the markup the edit form shows (parseBlogMarkup reads it back to the same blocks). */
export function blogMarkupOf(blocks: readonly BlogBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case "paragraph":
          return markupOfSpans(block.spans);
        case "heading":
          return `${"#".repeat(block.level)} ${markupOfSpans(block.spans)}`;
        case "list":
          return block.items.map((item, index) => `${block.ordered ? `${index + 1}.` : "-"} ${markupOfSpans(item)}`).join("\n");
        case "image":
          return `![${escapeText(block.alt)}](media:${block.id})`;
      }
    })
    .join("\n\n");
}

/** The excerpt of a post (its tiles, meta description): the first words of its text, cut at a word. */
export const BLOG_EXCERPT_MAX = 200;
export function blogExcerptOf(blocks: readonly BlogBlock[]): string {
  const text = blogPlainText(blocks).replace(/\s+/g, " ").trim();
  if (text.length <= BLOG_EXCERPT_MAX) return text;
  const cut = text.slice(0, BLOG_EXCERPT_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > BLOG_EXCERPT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The image ids a body refers to, each once. */
export function blogImageIds(blocks: readonly BlogBlock[]): number[] {
  return [...new Set(blocks.flatMap((block) => (block.type === "image" ? [block.id] : [])))];
}
