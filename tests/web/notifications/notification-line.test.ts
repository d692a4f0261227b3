/**
 * The bell's lines (ADR 044) for the trust & safety follow-up: a content queue's refusal is one line, its statement's,
 * naming what was refused (and a title); a calendar day in the params (a suspension's end) is written as the reader's
 * language writes days. A real i18next instance on the product's locale files.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { notificationLine, type NotificationEntry } from "~/components/notification-line";
import { i18nConfig } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";

const instances: Record<string, I18n> = {};

beforeAll(async () => {
  for (const lng of ["de", "en", "pl"]) {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng, resources });
    instances[lng] = i18n;
  }
});

function entry(event: string, params: Record<string, string>): NotificationEntry {
  return {
    id: 1,
    event,
    params,
    actor: null,
    url: null,
    readAt: null,
    createdAt: 0,
    contentType: "alert",
    subject: null,
  } as unknown as NotificationEntry;
}

describe("notificationLine", () => {
  it("names the refused item on the statement's line, with the title when there is one", () => {
    const de = instances.de!.t;
    expect(notificationLine(de, entry("statement_issued", { reference: "S-000007", item: "photo", reason: "poor_quality" }), "de")).toBe(
      "Nicht freigegeben: dein Foto – lies die Begründung S-000007",
    );
    expect(notificationLine(de, entry("statement_issued", { reference: "S-000008", item: "event", title: "Sommerfest" }), "de")).toBe(
      "Nicht freigegeben: dein Event „Sommerfest“ – lies die Begründung S-000008",
    );
    // A statement without a queue's notice (a report's decision, a ban) keeps the general line.
    expect(notificationLine(de, entry("statement_issued", { reference: "S-000009" }), "de")).toBe(
      "Wir haben eine Entscheidung getroffen, die dich betrifft – lies die Begründung S-000009",
    );
  });

  it("writes a suspension's end as the reader's language writes a day", () => {
    const line = (lang: string) => notificationLine(instances[lang]!.t, entry("misuse_suspended", { until: "2026-12-31" }), lang as "de");
    expect(line("de")).toBe("Dein Konto ist bis 31. Dez. 2026 eingeschränkt");
    expect(line("en")).toContain("Dec 31, 2026");
    expect(line("pl")).toContain("31 gru 2026");
    for (const lang of ["de", "en", "pl"]) expect(line(lang)).not.toContain("2026-12-31");
  });
});
