/**
 * The guests' announcements from memory (ADR 179): the same items as the statement answers, a write through the API
 * seen at once, a staff write on another instance seen when the bus brings it, one that starts or ends by the clock
 * on time, and a write past the API at the latest after the chrome caches' time to live.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnnouncementEditorList, AnnouncementList } from "#server/contract/notifications";
import { USER_TYPE } from "#server/contract/users";
import { CHROME_CACHE_TTL_MS } from "#server/api/cache-ttl";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`the guests' announcements (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let team: { id: number; token: string };
  beforeAll(async () => {
    rt = await createTestRuntime();
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const texts = async (lang = "de", dismissed?: number[]) => {
    const query = dismissed ? `lang=${lang}&dismissed=${dismissed.join(",")}` : `lang=${lang}`;
    const answer = await callJson<{ data: AnnouncementList }>(rt, undefined, "GET", `/api/v2/definitions/announcements?${query}`);
    expect(answer.status).toBe(200);
    return answer.json.data.items.map((item) => item.text);
  };
  const staff = (path: string, body?: unknown) =>
    callJson<{ data: AnnouncementEditorList }>(rt, team.token, "POST", `/api/v2/backoffice/announcements${path}`, body);
  /** A row written past the API (another process, an operator's statement): nothing forgets the kept list. */
  const insertBehindTheCache = (text: string, fields: { starts_at?: number; ends_at?: number | null; audience?: "all" | "clients" } = {}) =>
    rt.deps.db
      .insertInto("announcements")
      .values({ severity: "info", text_de: text, starts_at: rt.clock.now() - 1000, ends_at: null, created_at: rt.clock.now(), ...fields })
      .returning("id")
      .executeTakeFirstOrThrow();
  const endAll = () =>
    rt.deps.db
      .updateTable("announcements")
      .set({ ends_at: rt.clock.now() - 1 })
      .execute();
  /** The bus delivers on a later tick, as across the network. */
  const busDelivered = () => new Promise((resolve) => setTimeout(resolve, 10));

  it("answers what the statement answers: newest first, the most severe first, dismissed ids left out, in the language", async () => {
    const now = rt.clock.now();
    await insertBehindTheCache("Info alt", { starts_at: now - 5000 });
    const warning = await insertBehindTheCache("Warnung", { starts_at: now - 4000 });
    await rt.deps.db
      .insertInto("announcements")
      .values({ severity: "critical", text_de: "Kritisch", text_en: "Critical", starts_at: now - 3000, created_at: now })
      .execute();
    await insertBehindTheCache("Nur Kunden", { audience: "clients" });
    await insertBehindTheCache("Vorbei", { starts_at: now - 9000, ends_at: now - 1 });
    await insertBehindTheCache("Später", { starts_at: now + 5000 });
    await rt.deps.db.updateTable("announcements").set({ severity: "warning" }).where("id", "=", warning.id).execute();
    expect(await texts("de")).toEqual(["Kritisch", "Warnung", "Info alt"]);
    expect(await texts("en")).toEqual(["Critical", "Warnung", "Info alt"]);
    expect(await texts("de", [warning.id])).toEqual(["Kritisch", "Info alt"]);
    await endAll();
  });

  it("shows a staff write at once, through the API", async () => {
    rt.clock.advance(CHROME_CACHE_TTL_MS);
    expect(await texts()).toEqual([]);
    const created = await staff("", { severity: "info", text_de: "Neu für alle" });
    expect(created.status).toBe(200);
    expect(await texts()).toEqual(["Neu für alle"]);
    const id = created.json.data.items.find((item) => item.texts.de === "Neu für alle")!.id;
    expect((await staff(`/${id}`, { severity: "info", audience: "all", text_de: "Geändert" })).status).toBe(200);
    expect(await texts()).toEqual(["Geändert"]);
    expect((await staff(`/${id}/end`)).status).toBe(200);
    expect(await texts()).toEqual([]);
    // The staff writes' bus events (for the other instances) arrive here too; let them pass before the next test.
    await busDelivered();
  });

  it("starts and ends an announcement by the clock on time, from the kept list", async () => {
    rt.clock.advance(CHROME_CACHE_TTL_MS);
    const now = rt.clock.now();
    await insertBehindTheCache("Geplant", { starts_at: now + 1000, ends_at: now + 3000 });
    expect(await texts()).toEqual([]);
    // Read from memory from here on: a row written past the API stays unseen.
    await insertBehindTheCache("Unsichtbar");
    rt.clock.advance(999);
    expect(await texts()).toEqual([]);
    rt.clock.advance(1);
    expect(await texts()).toEqual(["Geplant"]);
    rt.clock.advance(1999);
    expect(await texts()).toEqual(["Geplant"]);
    rt.clock.advance(1);
    expect(await texts()).toEqual([]);
    await endAll();
  });

  it("sees a write past the API after the time to live at the latest", async () => {
    rt.clock.advance(CHROME_CACHE_TTL_MS);
    expect(await texts()).toEqual([]);
    await insertBehindTheCache("Hinter dem Rücken");
    expect(await texts()).toEqual([]);
    rt.clock.advance(CHROME_CACHE_TTL_MS - 1);
    expect(await texts()).toEqual([]);
    rt.clock.advance(1);
    expect(await texts()).toEqual(["Hinter dem Rücken"]);
    await endAll();
  });

  it("forgets the kept list when another instance says a staff write changed everyone's chrome", async () => {
    rt.clock.advance(CHROME_CACHE_TTL_MS);
    expect(await texts()).toEqual([]);
    await insertBehindTheCache("Von nebenan");
    await rt.deps.bus.publish({ to: [], event: { type: "shell_changed", members: [team.id] } });
    await busDelivered();
    // One member's shell changed: the guests' list stays.
    expect(await texts()).toEqual([]);
    await rt.deps.bus.publish({ to: [], event: { type: "shell_changed", members: null } });
    await busDelivered();
    expect(await texts()).toEqual(["Von nebenan"]);
    await endAll();
  });
});
