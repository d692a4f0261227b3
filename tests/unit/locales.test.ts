import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NAMESPACES, SUPPORTED_LANGUAGES } from "#server/contract/locales";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const load = (lng: string, ns: string) => flatten(JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, "utf8")) as Tree);

describe("translation files", () => {
  it("exist for every language and namespace, and nothing else", () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      expect(
        readdirSync(`locales/${lng}`)
          .filter((f) => f.endsWith(".json"))
          .sort(),
      ).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every language has exactly the keys of de, none empty`, () => {
      const reference = load("de", ns);
      for (const lng of SUPPORTED_LANGUAGES) {
        const keys = load(lng, ns);
        expect(
          [...keys.keys()].filter((k) => !reference.has(k)),
          `${lng} has keys de lacks`,
        ).toEqual([]);
        expect(
          [...reference.keys()].filter((k) => !keys.has(k)),
          `${lng} lacks keys of de`,
        ).toEqual([]);
        expect(
          [...keys].filter(([, v]) => v.trim() === "").map(([k]) => k),
          `${lng} has empty texts`,
        ).toEqual([]);
      }
    });

    it(`${ns}: placeholders match across languages`, () => {
      const placeholders = (text: string) =>
        [...text.matchAll(/\{\{(\w+)\}\}/g)]
          .map((m) => m[1])
          .sort()
          .join(",");
      const reference = load("de", ns);
      for (const lng of SUPPORTED_LANGUAGES) {
        const mismatched = [...load(lng, ns)].filter(([k, v]) => placeholders(v) !== placeholders(reference.get(k) ?? "")).map(([k]) => k);
        expect(mismatched, `${lng}: placeholders differ from de`).toEqual([]);
      }
    });
  }
});
