/**
 * Issue 24 item 4: one tab registry (app/features/profile/tabs.ts). Each tab has its route module and a label in
 * every language, and every p/{username}/… route is a registered tab: a tab added in one place only fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { USER_TYPE } from "#server/contract/users";
import { knownProfileTab, PROFILE_TABS, profileTabPath, profileTabsFor } from "~/features/profile/tabs";

const ROUTES = join(process.cwd(), "app/routes");
const routeOf = (path: string) => join(ROUTES, `$lang.p.$username.${path || "_index"}.tsx`);

/** A key's text in any namespace of the language (the loaders name keys without their namespace: fallbackNS). */
function lookup(lang: string, key: string): unknown {
  const dir = join(process.cwd(), "locales", lang);
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    let node: unknown = JSON.parse(readFileSync(join(dir, file), "utf8"));
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (node !== undefined) return node;
  }
  return undefined;
}

describe("the profile tab registry", () => {
  it("has a route module rendering each tab under its key", () => {
    for (const tab of PROFILE_TABS) {
      expect(existsSync(routeOf(tab.path)), tab.path).toBe(true);
      expect(readFileSync(routeOf(tab.path), "utf8")).toContain(`tab="${tab.key}"`);
    }
  });

  it("lists every p/{username}/… route", () => {
    const routes = readdirSync(ROUTES)
      // The layout itself ($lang.p.$username.tsx) is no tab.
      .filter((name) => name.startsWith("$lang.p.$username.") && name !== "$lang.p.$username.tsx")
      .map((name) => name.slice("$lang.p.$username.".length, -".tsx".length));
    expect(routes.sort()).toEqual(PROFILE_TABS.map((tab) => tab.path || "_index").sort());
  });

  it("labels each tab in every language", () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      for (const tab of PROFILE_TABS) expect(typeof lookup(lang, tab.labelKey), `${lang} ${tab.labelKey}`).toBe("string");
    }
  });

  it("shows business_reviews in a business's bar only", () => {
    expect(profileTabsFor(USER_TYPE.business).map((tab) => tab.key)).toContain("business_reviews");
    expect(profileTabsFor(USER_TYPE.escort).map((tab) => tab.key)).not.toContain("business_reviews");
  });

  it("turns an unknown posted tab into the profile itself", () => {
    expect(knownProfileTab("reviews")).toBe("reviews");
    expect(knownProfileTab("../admin")).toBe("");
    expect(profileTabPath("/de/p/lena", { path: "" })).toBe("/de/p/lena");
    expect(profileTabPath("/de/p/lena", { path: "events" })).toBe("/de/p/lena/events");
  });
});
