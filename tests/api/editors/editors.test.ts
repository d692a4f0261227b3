/**
 * The back office's editors through the real API on both databases (issue 30 item 5, ADR 120): info and legal pages
 * with numbered versions (the file becomes version 1, the version before the newest is served at /previous, diff,
 * restore), SEO landing pages (unique validated short URL, texts per language shown at once, unpublish) and
 * announcements (title and text per language with German fallback, audience, schedule, edit, end). Members are
 * refused with 403, every change leaves one audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LandingPageEditorItem, PageEditorIndex, PageEditorPage } from "#server/contract/editors";
import type { AnnouncementEditorList, AnnouncementList } from "#server/contract/notifications";
import type { PageDocument } from "#server/contract/pages";
import type { LandingPageResponse } from "#server/contract/seo";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, listedMember, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors: Array<{ key: string; source?: string }>;
}
type Answer<T> = { data: T } & ErrorBody;

describe(`back office editors (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let team: { id: number; token: string };
  let member: { id: number; token: string };
  beforeAll(async () => {
    rt = await createTestRuntime();
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    member = await listedMember(rt, USER_TYPE.client);
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const api = <T>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  const publicPage = async (path: string, lang = "de") => {
    const response = await rt.request(`/api/v2/pages/${path}`, { headers: { "accept-language": lang } });
    return ((await response.json()) as { data: PageDocument }).data;
  };
  const auditRows = (action: string, subjectId: string) =>
    rt.deps.db.selectFrom("audit_log").selectAll().where("action", "=", action).where("subject_id", "=", subjectId).execute();

  it("pages: a published version is in force at once, the file's text becomes version 1 and what /previous serves", async () => {
    const before = await publicPage("legal/imprint");
    expect(before.has_previous).toBe(false);
    const editor = await api<PageEditorPage>(team.token, "GET", "/backoffice/pages/legal/imprint/de");
    expect(editor.status).toBe(200);
    expect(editor.json.data.source).toBe("file");
    expect(editor.json.data.shown.title).toBe(before.title);

    const body = {
      title: "Impressum neu",
      description: "Wer hinter der Seite steht, neu gefasst.",
      markdown: "## Anbieter\n\nVelora GmbH\n\nNeue Zeile",
      reason: "Anschrift geändert",
    };
    const published = await api<PageEditorPage>(team.token, "POST", "/backoffice/pages/legal/imprint/de", body);
    expect(published.status).toBe(200);
    expect(published.json.data.versions.map((v) => [v.version, v.current, v.previous])).toEqual([
      [2, true, false],
      [1, false, true],
    ]);
    expect(published.json.data.diff.some((line) => line.op === "add" && line.text === "Neue Zeile")).toBe(true);

    const current = await publicPage("legal/imprint");
    expect(current).toMatchObject({ title: "Impressum neu", version: "current", has_previous: true });
    expect(current.html).toContain("Neue Zeile");
    const previous = await publicPage("legal/imprint?version=previous");
    expect(previous).toMatchObject({ title: before.title, version: "previous" });
    expect(previous.html).toBe(before.html);
    // The English page is its own: the German edit does not hide the English file.
    expect((await publicPage("legal/imprint", "en")).language).toBe("en");
    expect(await auditRows("page.publish", "legal/imprint/de")).toHaveLength(1);
  });

  it("pages: a third version makes the second previous; restoring publishes an old text as the newest", async () => {
    const base = { description: "Zahlungsarten und ihre Bedingungen.", reason: "Neue Fassung" };
    await api(team.token, "POST", "/backoffice/pages/legal/payment/de", { ...base, title: "Zahlung A", markdown: "Text A" });
    await api(team.token, "POST", "/backoffice/pages/legal/payment/de", { ...base, title: "Zahlung B", markdown: "Text B" });
    expect((await publicPage("legal/payment?version=previous")).title).toBe("Zahlung A");
    const restored = await api<PageEditorPage>(team.token, "POST", "/backoffice/pages/legal/payment/de/restore", {
      version: 2,
      reason: "Zurück zu A",
    });
    expect(restored.status).toBe(200);
    expect(restored.json.data.shown).toMatchObject({ version: 4, title: "Zahlung A", markdown: "Text A" });
    expect((await publicPage("legal/payment")).title).toBe("Zahlung A");
    expect((await publicPage("legal/payment?version=previous")).title).toBe("Zahlung B");
    // An old version with its diff against the one before it.
    const third = await api<PageEditorPage>(team.token, "GET", "/backoffice/pages/legal/payment/de?version=3");
    expect(third.json.data.diff).toEqual([
      { op: "del", text: "Text A" },
      { op: "add", text: "Text B" },
    ]);
    expect(
      (await api(team.token, "POST", "/backoffice/pages/legal/payment/de/restore", { version: 99, reason: "gibt es nicht" })).status,
    ).toBe(404);
    expect(await auditRows("page.restore", "legal/payment/de")).toHaveLength(1);
    const index = await api<PageEditorIndex>(team.token, "GET", "/backoffice/pages");
    expect(index.json.data.items.find((item) => item.key === "payment")?.versions).toEqual({ de: 4, en: null, es: null, pl: null });
  });

  it("pages: the markdown goes through the safe renderer; bad input is 400 at its field; unknown pages 404", async () => {
    const body = {
      title: "Presse",
      description: "Für Journalistinnen und Journalisten.",
      markdown: "<script>alert(1)</script>\n\n[x](javascript:alert(1))",
      reason: "Test",
    };
    expect((await api(team.token, "POST", "/backoffice/pages/misc/press/de", body)).status).toBe(200);
    const html = (await publicPage("misc/press")).html;
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
    const bad = await api(team.token, "POST", "/backoffice/pages/misc/press/de", { ...body, title: "", reason: "x" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e) => e.source).sort()).toEqual(["reason", "title"]);
    expect((await api(team.token, "GET", "/backoffice/pages/legal/nope/de")).status).toBe(404);
    expect((await api(team.token, "GET", "/backoffice/pages/legal/imprint/fr")).status).toBe(404);
  });

  it("pages and landing pages are closed to members (403) and to guests (401)", async () => {
    const body = { title: "x", description: "y", markdown: "z", reason: "abc" };
    expect((await api(member.token, "GET", "/backoffice/pages")).status).toBe(403);
    expect((await api(member.token, "POST", "/backoffice/pages/legal/imprint/de", body)).status).toBe(403);
    expect((await api(undefined, "GET", "/backoffice/pages")).status).toBe(401);
    expect((await api(member.token, "GET", "/backoffice/landing-pages")).status).toBe(403);
    expect((await api(member.token, "POST", "/backoffice/landing-pages/1/active", { active: false })).status).toBe(403);
    expect((await api(member.token, "GET", "/backoffice/announcements")).status).toBe(403);
  });

  const landingBody = {
    short_url: "Escort-Augsburg-Test",
    user_type: "escort",
    city: "augsburg",
    gender: "2",
    title_de: "Escort Damen in Augsburg",
    description_de: "Begleitung in Augsburg: geprüfte Profile.",
    intro_de: "Willkommen in Augsburg.",
    title_en: "Escort ladies in Augsburg",
    description_en: "",
  };
  const landing = async (shortUrl: string, lang = "de") => {
    const response = await rt.request("/api/v2/registration/seo-landing-page", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": lang },
      body: JSON.stringify({ short_url: shortUrl }),
    });
    return ((await response.json()) as { data: LandingPageResponse | [] }).data;
  };

  it("landing pages: created with a normalised short URL, texts per language (German fallback), edited and unpublished at once", async () => {
    const created = await api<LandingPageEditorItem>(team.token, "POST", "/backoffice/landing-pages", landingBody);
    expect(created.status).toBe(200);
    expect(created.json.data).toMatchObject({
      short_url: "escort-augsburg-test",
      user_type: "escort",
      city: "augsburg",
      gender: "2",
      active: true,
    });
    const id = created.json.data.id;
    expect(await landing("escort-augsburg-test")).toMatchObject({
      text: { title: "Escort Damen in Augsburg", intro: "Willkommen in Augsburg." },
    });
    // English has its own title; its empty description falls back to the German one.
    expect(await landing("escort-augsburg-test", "en")).toMatchObject({
      text: { title: "Escort ladies in Augsburg", description: landingBody.description_de },
    });
    expect(await landing("escort-augsburg-test", "pl")).toMatchObject({ text: { title: "Escort Damen in Augsburg" } });

    const edited = await api<LandingPageEditorItem>(team.token, "POST", `/backoffice/landing-pages/${id}`, {
      ...landingBody,
      title_de: "Neuer Titel",
    });
    expect(edited.status).toBe(200);
    expect(await landing("escort-augsburg-test")).toMatchObject({ text: { title: "Neuer Titel" } });

    expect((await api(team.token, "POST", `/backoffice/landing-pages/${id}/active`, { active: false })).status).toBe(200);
    expect(await landing("escort-augsburg-test")).toEqual([]);
    expect((await auditRows("landing_page.create", String(id))).length).toBe(1);
    expect((await auditRows("landing_page.update", String(id))).length).toBe(1);
    expect((await auditRows("landing_page.unpublish", String(id))).length).toBe(1);
  });

  it("landing pages: a taken or malformed short URL is refused at its field; an unknown id is 404", async () => {
    const taken = await api(team.token, "POST", "/backoffice/landing-pages", { ...landingBody, short_url: "escort-berlin" });
    expect(taken.status).toBe(400);
    expect(taken.json.errors[0]).toMatchObject({ key: "validation.editors.short_url_taken", source: "short_url" });
    const malformed = await api(team.token, "POST", "/backoffice/landing-pages", { ...landingBody, short_url: "../admin" });
    expect(malformed.status).toBe(400);
    expect(malformed.json.errors[0]).toMatchObject({ key: "validation.editors.short_url_invalid", source: "short_url" });
    const noTitle = await api(team.token, "POST", "/backoffice/landing-pages", {
      ...landingBody,
      short_url: "neu-ohne-titel",
      title_de: "",
    });
    expect(noTitle.json.errors[0]).toMatchObject({ source: "title_de" });
    expect((await api(team.token, "POST", "/backoffice/landing-pages/999999", landingBody)).status).toBe(404);
  });

  it("announcements: title and text per language (German fallback), an audience, a schedule, edit and end, audited", async () => {
    const bar = async (token: string | undefined, lang: string) =>
      (await api<AnnouncementList>(token, "GET", `/definitions/announcements?lang=${lang}`)).json.data.items;
    const created = await api<AnnouncementEditorList>(team.token, "POST", "/backoffice/announcements", {
      severity: "info",
      audience: "clients",
      title_de: "Neu",
      title_en: "New",
      text_de: "Kunden-Hinweis",
      text_en: "Note for clients",
    });
    expect(created.status).toBe(200);
    const item = created.json.data.items.find((i) => i.texts.de === "Kunden-Hinweis")!;
    expect(item).toMatchObject({ audience: "clients", state: "active", titles: { de: "Neu", en: "New", es: "", pl: "" } });
    expect((await bar(member.token, "en")).find((i) => i.id === item.id)).toMatchObject({ title: "New", text: "Note for clients" });
    expect((await bar(member.token, "pl")).find((i) => i.id === item.id)).toMatchObject({ title: "Neu", text: "Kunden-Hinweis" });
    // Not for guests, not for escorts.
    expect((await bar(undefined, "de")).some((i) => i.id === item.id)).toBe(false);
    const escort = await listedMember(rt, USER_TYPE.escort);
    expect((await bar(escort.token, "de")).some((i) => i.id === item.id)).toBe(false);

    // Scheduled in the future: not shown yet; an end before the start is refused at ends_at.
    const later = await api(team.token, "POST", "/backoffice/announcements", {
      severity: "warning",
      text_de: "Wartung",
      starts_at: "2099-01-01T10:00",
      ends_at: "2099-01-01T09:00",
    });
    expect(later.status).toBe(400);
    expect(later.json.errors[0]).toMatchObject({ key: "validation.editors.ends_before_start", source: "ends_at" });
    const scheduled = await api<AnnouncementEditorList>(team.token, "POST", "/backoffice/announcements", {
      severity: "warning",
      text_de: "Wartung geplant",
      starts_at: "2099-01-01T10:00",
    });
    const planned = scheduled.json.data.items.find((i) => i.texts.de === "Wartung geplant")!;
    // 10:00 in Berlin in winter is 09:00 UTC.
    expect(planned).toMatchObject({ state: "scheduled", starts_at: Date.UTC(2099, 0, 1, 9), ends_at: null });
    expect((await bar(undefined, "de")).some((i) => i.id === planned.id)).toBe(false);

    const edited = await api<AnnouncementEditorList>(team.token, "POST", `/backoffice/announcements/${item.id}`, {
      severity: "critical",
      audience: "all",
      text_de: "Für alle",
    });
    expect(edited.status).toBe(200);
    expect((await bar(undefined, "en")).find((i) => i.id === item.id)).toMatchObject({
      text: "Für alle",
      title: null,
      severity: "critical",
    });
    expect((await api(team.token, "POST", `/backoffice/announcements/${item.id}/end`)).status).toBe(200);
    expect((await bar(undefined, "de")).some((i) => i.id === item.id)).toBe(false);
    expect((await api(team.token, "POST", `/backoffice/announcements/${item.id}/end`)).status).toBe(409);
    expect((await api(team.token, "POST", "/backoffice/announcements/999999/end")).status).toBe(404);
    for (const action of ["announcement.create", "announcement.update", "announcement.end"])
      expect(await auditRows(action, String(item.id))).toHaveLength(1);
  });
});
