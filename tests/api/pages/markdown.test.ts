/**
 * The info pages' Markdown renderer and content files (issue 2 item 10):
 * operator Markdown must never become script, and every page must exist in
 * every language with a valid front matter.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { PAGE_CATALOG, PAGE_SECTIONS } from "#server/contract/pages";
import { renderMarkdown, safeUrl } from "#server/modules/pages/markdown";
import { ContentFileError, contentFilePath, parseContentFile } from "#server/modules/pages/service";

const CONTENT_DIR = join(process.cwd(), "server/content");

const ALLOWED_TAGS = new Set([
  "p",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "a",
  "img",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "code",
  "pre",
  "blockquote",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "hr",
  "br",
  "del",
  "input",
]);
const ALLOWED_ATTRIBUTES = new Set([
  "id",
  "href",
  "title",
  "rel",
  "src",
  "alt",
  "loading",
  "align",
  "start",
  "class",
  "disabled",
  "checked",
  "type",
]);

/**
 * Every "<" in text is escaped, so each "<" left in the HTML opens a real tag.
 * Each must be an allowed tag with allowed attributes, and no URL attribute
 * may carry a scheme other than http(s) or mailto.
 */
function assertInert(html: string) {
  for (const [tag, name, attributes] of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS.has(name!.toLowerCase()), tag).toBe(true);
    const rest = attributes!.replace(/\s([a-z-]+)(="[^"]*")?/g, (_m, attr: string, value: string | undefined) => {
      expect(ALLOWED_ATTRIBUTES.has(attr), `${attr} in ${tag}`).toBe(true);
      if ((attr === "href" || attr === "src") && value) {
        const url = value.slice(2, -1);
        const scheme = /^([^/?#]*?):/.exec(url)?.[1]?.toLowerCase();
        expect(scheme === undefined || ["http", "https", "mailto"].includes(scheme), `${attr}=${url}`).toBe(true);
      }
      return "";
    });
    expect(rest.replace(/\s*\/?$/, ""), `unparsed attributes in ${tag}`).toBe("");
  }
}

describe("renderMarkdown", () => {
  it("renders ordinary Markdown: headings from h2 with ids, lists, tables, emphasis, links", () => {
    const html = renderMarkdown(
      "# Über uns\n\nText mit **fett** und [Impressum](/de/legal/imprint).\n\n- a\n- b\n\n| A | B |\n|---|---|\n| 1 | 2 |\n",
    );
    expect(html).toContain('<h2 id="uber-uns">Über uns</h2>');
    expect(html).toContain("<strong>fett</strong>");
    expect(html).toContain('<a href="/de/legal/imprint">Impressum</a>');
    expect(html).toContain("<li>a</li>");
    expect(html).toContain("<table>");
  });

  it("shows raw HTML as text instead of rendering it", () => {
    const html = renderMarkdown(
      'Hallo <b onclick="x()">fett</b>\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<iframe src="https://evil.test"></iframe>',
    );
    expect(html).toContain("&lt;b onclick=&quot;x()&quot;&gt;fett&lt;/b&gt;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    assertInert(html);
  });

  it.each([
    ["javascript:alert(1)"],
    ["JaVaScRiPt:alert(1)"],
    ["java\tscript:alert(1)"],
    [" javascript:alert(1)"],
    ["vbscript:msgbox(1)"],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["file:///etc/passwd"],
    ["\\\\evil.test/share"],
  ])("drops the link target %j and keeps the text", (target) => {
    const html = renderMarkdown(`[Klick](<${target}>) und ![Bild](<${target}>)`);
    expect(html).not.toContain("<a ");
    expect(html).not.toContain("<img");
    expect(html).toContain("Klick");
    expect(html).toContain("Bild");
    assertInert(html);
  });

  it("escapes text after an inline <script> or <pre> tag (marked would pass it through raw)", () => {
    for (const opener of ["<script>", "<pre>", "x <pre>"]) {
      const html = renderMarkdown(`${opener}<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>`);
      expect(html).not.toContain("<a ");
      expect(html).not.toContain("<img");
      assertInert(html);
    }
  });

  it("judges an entity-encoded scheme by what it spells", () => {
    const html = renderMarkdown(
      "[a](&#106;avascript:alert(1)) [b](&#x6A;avascript:alert(1)) [c](javascript&colon;alert(1)) [d](/a?x=1&amp;y=2)",
    );
    expect(html).toBe('<p>a b c <a href="/a?x=1&amp;y=2">d</a></p>\n');
    assertInert(html);
  });

  it("keeps http(s), mailto and relative links, escaping titles and alt text", () => {
    const html = renderMarkdown(
      '[a](https://example.org/x?y=1&z=2 "T\\"itle") [b](mailto:info@example.org) [c](/de/about) [d](#cookies) ![x" onerror="y](/img.png)',
    );
    expect(html).toContain('<a href="https://example.org/x?y=1&amp;z=2" title="T&quot;itle" rel="noopener noreferrer">a</a>');
    expect(html).toContain('<a href="mailto:info@example.org">b</a>');
    expect(html).toContain('<a href="/de/about">c</a>');
    expect(html).toContain('<a href="#cookies">d</a>');
    expect(html).toContain('alt="x&quot; onerror=&quot;y"');
    assertInert(html);
  });

  it("does not accept mailto as an image source", () => {
    expect(renderMarkdown("![x](mailto:a@b.de)")).not.toContain("<img");
  });

  it("escapes code and keeps {{brand}} for the web tier to fill in", () => {
    const html = renderMarkdown("`<b>` und {{brand}}\n\n```\n<script>\n```");
    expect(html).toContain("<code>&lt;b&gt;</code>");
    expect(html).toContain("{{brand}}");
    assertInert(html);
  });

  it("keeps any generated Markdown inert (property)", () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "<script>",
        "</script>",
        "<img src=x onerror=alert(1)>",
        "javascript:",
        "&#106;",
        "[",
        "](",
        ")",
        "<",
        ">",
        '"',
        "'",
        "![",
        "\n\n",
        "`",
        "<a href=",
        " onload=",
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        assertInert(renderMarkdown(pieces.join("")));
      }),
      { numRuns: 500 },
    );
  });
});

describe("safeUrl", () => {
  it("answers null for every scheme but http, https and mailto (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/), fc.string(), (scheme, rest) => {
        const result = safeUrl(`${scheme}:${rest}`);
        if (["http", "https", "mailto"].includes(scheme)) return;
        expect(result).toBeNull();
      }),
    );
  });

  it("treats a colon after a path, query or fragment as part of a relative URL", () => {
    expect(safeUrl("/de/about?x=a:b")).toBe("/de/about?x=a:b");
    expect(safeUrl("#a:b")).toBe("#a:b");
    expect(safeUrl("section/a:b")).toBe("section/a:b");
    expect(safeUrl("a:b")).toBeNull();
  });
});

describe("content files", () => {
  it("parses a front matter with quoted values and comments", () => {
    const { meta, body } = parseContentFile(
      '---\n# operator note\ntitle: "Titel: mit Doppelpunkt"\ndescription: Kurz\nupdated: 2026-10-01\n---\n\nText\n',
      "x.md",
    );
    expect(meta).toEqual({ title: "Titel: mit Doppelpunkt", description: "Kurz", updated: "2026-10-01" });
    expect(body.trim()).toBe("Text");
  });

  it.each([
    ["no front matter", "Text"],
    ["missing description", "---\ntitle: T\nupdated: 2026-10-01\n---\nText"],
    ["bad date", "---\ntitle: T\ndescription: D\nupdated: 1.10.2026\n---\nText"],
    ["not key: value", "---\ntitle T\n---\nText"],
  ])("rejects a file with %s, naming the file", (_case, text) => {
    expect(() => parseContentFile(text, "de/about/index.md")).toThrow(ContentFileError);
    expect(() => parseContentFile(text, "de/about/index.md")).toThrow(/de\/about\/index\.md/);
  });

  function listFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    });
  }

  it("has every catalog page in every language, and the same previous versions as German", () => {
    const german = listFiles(join(CONTENT_DIR, "de"))
      .map((path) => relative(join(CONTENT_DIR, "de"), path))
      .sort();
    for (const section of PAGE_SECTIONS) {
      for (const key of PAGE_CATALOG[section].keys) {
        expect(german).toContain(relative(join(CONTENT_DIR, "de"), contentFilePath(CONTENT_DIR, "de", section, key, "current")));
      }
    }
    for (const lang of SUPPORTED_LANGUAGES) {
      const files = listFiles(join(CONTENT_DIR, lang))
        .map((path) => relative(join(CONTENT_DIR, lang), path))
        .sort();
      expect(files, lang).toEqual(german);
    }
  });

  it("gives every file a valid front matter and inert HTML", () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      for (const path of listFiles(join(CONTENT_DIR, lang))) {
        const { meta, body } = parseContentFile(readFileSync(path, "utf8"), path);
        expect(meta.updated <= "2026-12-31", path).toBe(true);
        const html = renderMarkdown(body);
        assertInert(html);
        // Links inside a translation stay in that translation's language.
        for (const [, href] of html.matchAll(/href="(\/[^"]*)"/g)) expect(href!.startsWith(`/${lang}/`), `${path}: ${href}`).toBe(true);
      }
    }
  });
});
