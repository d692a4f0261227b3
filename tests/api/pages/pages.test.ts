/**
 * Info pages through the real API on a real database (issue 2 item 10): every
 * page in every language, 404s, previous versions, sanitizing. (Notices of
 * illegal content are reports now: tests/api/reports.)
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "#server/api/app";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { PAGE_CATALOG, PAGE_SECTIONS } from "#server/contract/pages";
import { clearPageCache } from "#server/modules/pages/service";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface PageBody {
  code: number;
  data: {
    section: string;
    key: string;
    version: string;
    language: string;
    title: string;
    description: string;
    updated_at: string;
    html: string;
    has_previous: boolean;
  };
}
interface ErrorBody {
  code: number;
  errors: Array<{ code: number; key: string; title: string; source?: string; params?: Record<string, unknown> }>;
}

const ALL_PAGES = PAGE_SECTIONS.flatMap((section) => PAGE_CATALOG[section].keys.map((key) => [section, key] as const));

describe(`info pages API (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const getPage = (path: string, lang = "de") => rt.request(path, { headers: { "accept-language": lang } });

  describe.each(SUPPORTED_LANGUAGES)("in %s", (lang) => {
    it.each(ALL_PAGES)("serves %s/%s from its own translation", async (section, key) => {
      const response = await getPage(`/api/v2/pages/${section}/${key}`, lang);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
      expect(response.headers.get("vary")).toContain("Accept-Language");
      const { data } = (await response.json()) as PageBody;
      expect(data).toMatchObject({ section, key, version: "current", language: lang });
      expect(data.title.length).toBeGreaterThan(2);
      expect(data.description.length).toBeGreaterThan(10);
      expect(data.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.html).toMatch(/^<(p|h2|ul|ol|blockquote|table)/);
      expect(data.html.length).toBeGreaterThan(300);
      expect(data.html).not.toMatch(/<script|<div|<iframe/i);
    });
  });

  it("answers an unknown key or section with a 404 error item and no caching", async () => {
    for (const path of [
      "/api/v2/pages/about/unknown",
      "/api/v2/pages/legal/../../etc",
      "/api/v2/pages/blog/index",
      "/api/v2/pages/legal/terms_and_conditions.previous",
    ]) {
      const response = await getPage(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const body = (await response.json()) as ErrorBody;
      expect(body.errors[0]).toMatchObject({ code: 404, key: "exception.common.not_found" });
    }
  });

  it("rejects an unknown version with a field error on version", async () => {
    const response = await getPage("/api/v2/pages/legal/imprint?version=oldest");
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).errors[0]).toMatchObject({ source: "version", key: "validation.invalid" });
  });

  it("serves the previous version where one exists, else the current one marked as such", async () => {
    const current = ((await (await getPage("/api/v2/pages/legal/terms_and_conditions")).json()) as PageBody).data;
    const previous = ((await (await getPage("/api/v2/pages/legal/terms_and_conditions?version=previous")).json()) as PageBody).data;
    expect(current.has_previous).toBe(true);
    expect(previous).toMatchObject({ version: "previous", has_previous: true });
    expect(previous.updated_at < current.updated_at).toBe(true);
    expect(previous.html).not.toBe(current.html);

    const imprint = ((await (await getPage("/api/v2/pages/legal/imprint?version=previous", "en")).json()) as PageBody).data;
    expect(imprint).toMatchObject({ version: "current", has_previous: false, language: "en" });
  });

  it("falls back to German when a translation file is missing, and renders operator Markdown inert", async () => {
    const dir = mkdtempSync(join(tmpdir(), "velora-content-"));
    try {
      mkdirSync(join(dir, "de", "about"), { recursive: true });
      writeFileSync(
        join(dir, "de", "about", "rules.md"),
        [
          "---",
          "title: Regeln <script>alert(1)</script>",
          "description: Test",
          "updated: 2026-01-02",
          "---",
          "Hallo <img src=x onerror=alert(1)> und <script>alert(2)</script>",
          "",
          '<iframe src="https://evil.test"></iframe>',
          "",
          "[klick](javascript:alert(3)) [auch](&#106;avascript:alert(4)) [gut](https://example.org)",
          "",
          '![bild](data:image/svg+xml;base64,PHN2Zz4=) <pre><a href="javascript:alert(5)">x</a>',
        ].join("\n"),
      );
      clearPageCache();
      const api = createApiApp({ ...rt.deps, config: { ...rt.deps.config, contentDir: dir } });
      const response = await api.fetch(
        new Request("http://velora.test/api/v2/pages/about/rules", { headers: { "accept-language": "pl" } }),
      );
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as PageBody;
      expect(data.language).toBe("de");
      // The title is plain text: the web tier escapes it when rendering.
      expect(data.title).toBe("Regeln <script>alert(1)</script>");
      expect(data.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(data.html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
      expect(data.html).toContain("&lt;iframe");
      expect(data.html).toContain('<a href="https://example.org" rel="noopener noreferrer">gut</a>');
      expect(data.html).not.toMatch(/<(script|img|iframe|pre)/i);
      expect(data.html).not.toMatch(/href="(javascript|data):|href="&#/i);
      expect((data.html.match(/<a /g) ?? []).length).toBe(1);

      const missing = await api.fetch(new Request("http://velora.test/api/v2/pages/about/magazine"));
      expect(missing.status).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      clearPageCache();
    }
  });
});
