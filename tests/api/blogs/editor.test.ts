/**
 * The safe editor's contract (ADR 102): the markup parser, its way back, and the body schema — what each piece of
 * markup becomes, what is refused at the field, and that nothing typed becomes anything but text.
 */
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  BLOG_BODY_ERRORS,
  BLOG_EDITOR_LIMITS,
  blogBodySchema,
  blogExcerptOf,
  blogMarkupOf,
  isSafeHref,
  parseBlogMarkup,
  type BlogBlock,
} from "#server/contract/blogs-editor";

const parse = (markup: string) => parseBlogMarkup(markup).blocks;
const refusal = (body: unknown) => {
  const result = v.safeParse(blogBodySchema, body);
  return result.success ? null : result.issues[0].message;
};

describe("blog markup", () => {
  it("reads paragraphs, headings, lists, emphasis, links and gallery images", () => {
    expect(
      parse(
        "# Groß\n\n### Klein\n\nEin *leiser* und **lauter** [Link](https://example.org/a?b=1&c=2).\nZweite Zeile\n\n- eins\n- zwei *drei*\n  - tiefer\n\n1. a\n2. b\n\n![Blick aufs Meer](media:42)",
      ),
    ).toEqual([
      { type: "heading", level: 2, spans: [{ text: "Groß" }] },
      { type: "heading", level: 3, spans: [{ text: "Klein" }] },
      {
        type: "paragraph",
        spans: [
          { text: "Ein " },
          { text: "leiser", em: true },
          { text: " und " },
          { text: "lauter", strong: true },
          { text: " " },
          { text: "Link", href: "https://example.org/a?b=1&c=2" },
          { text: ".\nZweite Zeile" },
        ],
      },
      { type: "list", ordered: false, items: [[{ text: "eins" }], [{ text: "zwei " }, { text: "drei", em: true }], [{ text: "tiefer" }]] },
      { type: "list", ordered: true, items: [[{ text: "a" }], [{ text: "b" }]] },
      { type: "image", id: 42, alt: "Blick aufs Meer" },
    ]);
  });

  it("keeps typed HTML, code and tables as the text that was typed", () => {
    expect(parse("<script>alert(1)</script>")).toEqual([{ type: "paragraph", spans: [{ text: "<script>alert(1)</script>" }] }]);
    expect(parse('Hallo <img src=x onerror="alert(1)"> `<b>`')).toEqual([
      { type: "paragraph", spans: [{ text: 'Hallo <img src=x onerror="alert(1)"> <b>' }] },
    ]);
    expect(parse("<style>body{display:none}</style>")[0]).toEqual({
      type: "paragraph",
      spans: [{ text: "<style>body{display:none}</style>" }],
    });
  });

  it("splits a paragraph around an image on its own line", () => {
    expect(parse("Vorher\n![](media:7)\nNachher")).toEqual([
      { type: "paragraph", spans: [{ text: "Vorher" }] },
      { type: "image", id: 7, alt: "" },
      { type: "paragraph", spans: [{ text: "Nachher" }] },
    ]);
  });

  it("names what it cannot keep: an image that is no media:<id>", () => {
    expect(parseBlogMarkup("![x](https://evil.example/a.png)").problem).toBe(BLOG_BODY_ERRORS.image);
    expect(parseBlogMarkup("- ![x](media:1)").problem).toBe(BLOG_BODY_ERRORS.image);
  });

  it("writes blocks back as markup that reads as the same blocks, syntax characters escaped", () => {
    const blocks: BlogBlock[] = [
      { type: "heading", level: 2, spans: [{ text: "# nicht doppelt" }] },
      { type: "paragraph", spans: [{ text: "2. kein Punkt, *keine* [Klammer] \\ <b>" }, { text: "fett", strong: true, em: true }] },
      { type: "list", ordered: true, items: [[{ text: "- kein Strich" }], [{ text: "Link", href: "https://a.example/(x)" }]] },
      { type: "image", id: 3, alt: "Stern *" },
    ];
    expect(parse(blogMarkupOf(blocks))).toEqual(blocks);
  });

  it("holds parse(write(blocks)) = blocks for any text", () => {
    const text = fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((s) => s.trim() === s && s.trim() !== "" && !/[\n\r\t\f\v\u00a0\u2028\u2029&]/.test(s));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const blocks: BlogBlock[] = [{ type: "paragraph", spans: [{ text: a }, { text: ` ${b}`, strong: true }] }];
        const back = parse(blogMarkupOf(blocks));
        expect(back.map((block) => (block.type === "paragraph" ? block.spans.map((span) => span.text).join("") : ""))).toEqual([
          `${a} ${b}`,
        ]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("blog body schema", () => {
  it("accepts markup and blocks alike", () => {
    expect(v.parse(blogBodySchema, "Hallo *Welt*")).toEqual([
      { type: "paragraph", spans: [{ text: "Hallo " }, { text: "Welt", em: true }] },
    ]);
    const blocks = [{ type: "list", ordered: false, items: [[{ text: "a" }]] }];
    expect(v.parse(blogBodySchema, blocks)).toEqual(blocks);
  });

  it("refuses links that are not http(s), in markup and in blocks", () => {
    expect(refusal("[x](javascript:alert(1))")).toBe(BLOG_BODY_ERRORS.link);
    for (const href of ["JavaScript:alert(1)", "data:text/html,<b>", "mailto:a@b.c", "//evil.example", "https://"])
      expect(refusal([{ type: "paragraph", spans: [{ text: "x", href }] }])).toBe(BLOG_BODY_ERRORS.link);
    expect(isSafeHref("https://example.org/")).toBe(true);
  });

  it("refuses unknown keys and block types, and bounds every size", () => {
    expect(refusal([{ type: "paragraph", spans: [{ text: "x", onclick: "alert(1)" }] }])).toBe(BLOG_BODY_ERRORS.invalid);
    expect(refusal([{ type: "paragraph", spans: [], style: "color:red" }])).toBe(BLOG_BODY_ERRORS.invalid);
    expect(refusal([{ type: "html", html: "<b>x</b>" }])).toBe(BLOG_BODY_ERRORS.invalid);
    expect(refusal([{ type: "heading", level: 1, spans: [{ text: "x" }] }])).toBe(BLOG_BODY_ERRORS.invalid);
    expect(refusal([{ type: "image", id: 0, alt: "" }])).toBe(BLOG_BODY_ERRORS.image);
    expect(refusal("x".repeat(BLOG_EDITOR_LIMITS.markupMax + 1))).toBe(BLOG_BODY_ERRORS.tooLong);
    expect(refusal(Array.from({ length: BLOG_EDITOR_LIMITS.imagesMax + 1 }, (_, i) => ({ type: "image", id: i + 1, alt: "" })))).toBe(
      BLOG_BODY_ERRORS.image,
    );
    for (const empty of ["", "   ", [], undefined, null, 5, { blocks: [] }]) expect(refusal(empty)).toBe(BLOG_BODY_ERRORS.required);
  });

  it("derives an excerpt from the text, cut at a word", () => {
    const long = parse(`## Titel\n\n${"Wort ".repeat(80)}`);
    const excerpt = blogExcerptOf(long);
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt.startsWith("Titel Wort Wort")).toBe(true);
    expect(excerpt.endsWith("Wort…")).toBe(true);
  });
});
