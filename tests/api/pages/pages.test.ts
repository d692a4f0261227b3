/**
 * Info pages and content removal requests through the real API on a real
 * database (issue 2 item 10): every page in every language, 404s, previous
 * versions, sanitizing, the removal form's validation, rate limit and mail.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "#server/api/app";
import { slotMs } from "#server/lib/rate-limit";
import { CONTENT_REMOVAL_LIMITS } from "#server/contract/content-removal";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { PAGE_CATALOG, PAGE_SECTIONS } from "#server/contract/pages";
import { clearPageCache } from "#server/modules/pages/service";
import { CONTENT_REMOVAL_LIMIT } from "#server/modules/reports/service";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

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

describe(`content removal requests (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  let ipCounter = 0;
  const freshIp = () => `198.51.100.${++ipCounter}`;

  const valid = {
    name: "Anna Beispiel",
    email: "anna@example.com",
    urls: ["https://velora.test/de/p/someone", "https://velora.test/de/p/someone/blogs"],
    reason: "non_consensual",
    description: "Diese Fotos zeigen mich und wurden ohne meine Einwilligung veröffentlicht.",
    confirm_truth: true,
  };

  function post(body: unknown, init: { ip?: string; lang?: string; token?: string } = {}) {
    return rt.request("/api/v2/reports/content-removal", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": init.lang ?? "de" },
      body: JSON.stringify(body),
      ip: init.ip ?? freshIp(),
      token: init.token,
    });
  }

  it("files a request, answers 202 with a reference and mails a confirmation in the request's language, with nothing the sender typed", async () => {
    const response = await post({ ...valid, name: "<b>Anna</b>", email: "  Anna@Example.com " }, { lang: "en" });
    expect(response.status).toBe(202);
    const { data } = (await response.json()) as { data: { id: number; reference: string } };
    expect(data.reference).toBe(`CR-${String(data.id).padStart(6, "0")}`);

    const row = await rt.deps.db.selectFrom("content_removal_requests").selectAll().where("id", "=", data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "<b>Anna</b>",
      email: "Anna@Example.com",
      reason: "non_consensual",
      language: "en",
      status: "open",
      reporter_user_id: null,
    });
    expect(JSON.parse(row.urls)).toEqual(valid.urls);

    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("recipient", "=", "Anna@Example.com")
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template: "content_removal_received", language: "en" });
    expect(mail.subject).toContain(data.reference);
    // The address is unverified: the mail must not carry the typed name or links (issue 9 item 9).
    for (const body of [mail.text_body, mail.html_body ?? ""]) {
      expect(body).not.toContain(valid.urls[0]);
      expect(body).not.toContain("Anna");
    }
    expect(mail.text_body).toMatch(/^Hello,/);
  });

  it("records the reporter when a signed-in member files a request", async () => {
    const user = await createUser(rt);
    const { body } = await login(rt, user.username, user.password, freshIp());
    const response = await post(valid, { token: String(body.access_token) });
    expect(response.status).toBe(202);
    const { data } = (await response.json()) as { data: { id: number } };
    const row = await rt.deps.db
      .selectFrom("content_removal_requests")
      .select("reporter_user_id")
      .where("id", "=", data.id)
      .executeTakeFirstOrThrow();
    expect(row.reporter_user_id).toBe(user.id);
  });

  it("answers an empty request with one error per field, each with its source", async () => {
    const response = await post({});
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as ErrorBody;
    const bySource = Object.fromEntries(errors.map((e) => [e.source, e.key]));
    expect(bySource).toEqual({
      name: "validation.required",
      email: "validation.required",
      urls: "validation.required",
      reason: "validation.required",
      description: "validation.required",
      confirm_truth: "validation.content_removal.confirmation_required",
    });
  });

  it.each([
    ["no URL", { urls: [] }, "urls", "validation.content_removal.urls_required"],
    ["a javascript: URL", { urls: ["javascript:alert(1)"] }, "urls", "validation.content_removal.url_invalid"],
    [
      "one ftp URL among good ones",
      { urls: ["https://ok.test/a", "ftp://files.test/b"] },
      "urls",
      "validation.content_removal.url_invalid",
    ],
    [
      "too many URLs",
      { urls: Array.from({ length: CONTENT_REMOVAL_LIMITS.urlsMax + 1 }, (_, i) => `https://velora.test/p/${i}`) },
      "urls",
      "validation.content_removal.too_many_urls",
    ],
    ["an unknown reason", { reason: "boredom" }, "reason", "validation.content_removal.reason_required"],
    ["a short description", { description: "zu kurz" }, "description", "validation.content_removal.description_too_short"],
    [
      "a long description",
      { description: "x".repeat(CONTENT_REMOVAL_LIMITS.descriptionMax + 1) },
      "description",
      "validation.content_removal.description_too_long",
    ],
    ["a long name", { name: "n".repeat(CONTENT_REMOVAL_LIMITS.nameMax + 1) }, "name", "validation.content_removal.name_too_long"],
    ["a bad e-mail address", { email: "not-an-address" }, "email", "validation.email.invalid"],
    ["an unconfirmed statement", { confirm_truth: false }, "confirm_truth", "validation.content_removal.confirmation_required"],
    ["a confirmation that is not a boolean", { confirm_truth: "yes" }, "confirm_truth", "validation.content_removal.confirmation_required"],
  ])("rejects %s at its field", async (_label, override, source, key) => {
    const response = await post({ ...valid, ...override });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as ErrorBody;
    expect(errors).toEqual([expect.objectContaining({ code: 400, source, key })]);
  });

  it("sends the limit with a count error so the form can say it", async () => {
    const response = await post({ ...valid, urls: Array.from({ length: 21 }, (_, i) => `https://velora.test/p/${i}`) });
    expect(((await response.json()) as ErrorBody).errors[0]!.params).toEqual({ requirement: CONTENT_REMOVAL_LIMITS.urlsMax });
  });

  it("allows five requests an hour per address, then answers 429 until the window has passed", async () => {
    const ip = freshIp();
    const before = await rt.deps.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    for (let i = 0; i < CONTENT_REMOVAL_LIMIT.limit; i++) expect((await post(valid, { ip })).status).toBe(202);

    const blocked = await post(valid, { ip });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as ErrorBody).errors[0]).toMatchObject({ code: 429, key: "exception.content_removal.exceeded_limit" });
    const after = await rt.deps.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(CONTENT_REMOVAL_LIMIT.limit);

    // Another address is not affected; invalid requests do not use up the allowance.
    expect((await post(valid)).status).toBe(202);
    rt.clock.advance(CONTENT_REMOVAL_LIMIT.windowMs + slotMs(CONTENT_REMOVAL_LIMIT));
    expect((await post(valid, { ip })).status).toBe(202);
  });

  it("does not count invalid requests against the limit", async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTENT_REMOVAL_LIMIT.limit + 2; i++) expect((await post({ ...valid, urls: [] }, { ip })).status).toBe(400);
    expect((await post(valid, { ip })).status).toBe(202);
  });
});
