import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_NAMESPACE, NAMESPACES, SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { resources } from "~/i18n/resources.server";
import {
  declaredNamespaces,
  flatten,
  reachableReferences,
  readLocale,
  readModule,
  routeModules,
  sourceFiles,
  type KeyReference,
} from "../../helpers/translation-keys";
import { generateLocaleFiles, missingLocaleKeys, NAMESPACES_FILE, RESOURCES_FILE } from "../../../scripts/locale-namespaces.mjs";

const load = (lng: string, ns: string) => flatten(readLocale(lng, ns));

describe("the namespace map (ADR 064)", () => {
  it("is generated from the locale folders, and the committed files are current (npm run locales:namespaces)", () => {
    for (const [path, content] of Object.entries(generateLocaleFiles())) expect(readFileSync(path, "utf8"), path).toBe(content);
  });

  it("follows the folders: a namespace's files join the map, a language without them is refused", () => {
    const root = mkdtempSync(join(tmpdir(), "velora-locales-"));
    try {
      for (const lng of SUPPORTED_LANGUAGES) {
        mkdirSync(join(root, "locales", lng), { recursive: true });
        for (const ns of [...NAMESPACES, "souvenirs"]) writeFileSync(join(root, "locales", lng, `${ns}.json`), "{}");
      }
      const files = generateLocaleFiles(root);
      expect(files[NAMESPACES_FILE]).toContain('"souvenirs",');
      expect(files[RESOURCES_FILE]).toContain('import plSouvenirs from "../../locales/pl/souvenirs.json";');
      expect(files[NAMESPACES_FILE]).not.toBe(readFileSync(NAMESPACES_FILE, "utf8"));
      rmSync(join(root, "locales", "pl", "souvenirs.json"));
      expect(() => generateLocaleFiles(root)).toThrow(/locales\/(de|pl) has/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("fails the build on a key de has and another language lacks, naming language, namespace and key (issue 32 item 7)", () => {
    expect(missingLocaleKeys()).toEqual([]);
    const root = mkdtempSync(join(tmpdir(), "velora-locales-"));
    try {
      for (const lng of SUPPORTED_LANGUAGES) {
        mkdirSync(join(root, "locales", lng), { recursive: true });
        for (const ns of NAMESPACES) writeFileSync(join(root, "locales", lng, `${ns}.json`), "{}");
        // Every namespace is checked, not only common: the gap sits in the last one.
        const last = NAMESPACES[NAMESPACES.length - 1] ?? DEFAULT_NAMESPACE;
        const texts = lng === "es" ? { souvenir: { mug: "taza" } } : { souvenir: { mug: "Tasse", cap: "Mütze" } };
        writeFileSync(join(root, "locales", lng, `${last}.json`), JSON.stringify(texts));
      }
      const last = NAMESPACES[NAMESPACES.length - 1];
      expect(missingLocaleKeys(root)).toEqual([`locales/es/${last}.json lacks souvenir.cap (de has it)`]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

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

/** i18next's plural forms: t("profile.prices.hours", { count }) reads hours_one, hours_other, … */
const PLURAL_SUFFIXES = ["_zero", "_one", "_two", "_few", "_many", "_other"];

describe("translation namespaces", () => {
  // German is the reference; the parity tests above hold the other languages to it.
  const texts = new Map(NAMESPACES.map((ns) => [ns, load("de", ns)]));
  const owner = new Map<string, string>();
  for (const ns of NAMESPACES) for (const group of Object.keys(readLocale("de", ns))) if (!owner.has(group)) owner.set(group, ns);
  const groups: ReadonlySet<string> = new Set(owner.keys());
  const keys = new Map([...texts].flatMap(([ns, map]) => [...map.keys()].map((key) => [key, ns] as const)));
  const namespaceOf = (reference: KeyReference) => owner.get(reference.text.split(".")[0] ?? "") ?? "?";
  const where = (reference: KeyReference) => `${reference.file}:${reference.line} ${reference.text}`;

  it("give each first key segment to exactly one namespace, so a key names its namespace", () => {
    const shared = [...groups].filter((group) => NAMESPACES.filter((ns) => group in readLocale("de", ns)).length > 1);
    expect(shared, "first segments in more than one namespace").toEqual([]);
  });

  it("are what the server bundles", () => {
    for (const lng of SUPPORTED_LANGUAGES) {
      expect(Object.keys(resources[lng]).sort()).toEqual([...NAMESPACES].sort());
      for (const ns of NAMESPACES) expect(resources[lng][ns], `${lng}/${ns}`).toEqual(readLocale(lng, ns));
    }
  });

  it("hold every key the code names (web tier, contract and the API's validation.* and exception.* messages)", () => {
    const known = (key: string) =>
      keys.has(key) || PLURAL_SUFFIXES.some((suffix) => keys.has(key + suffix)) || [...keys.keys()].some((k) => k.startsWith(`${key}.`));
    // A server module speaks to the web only through its validation.* and exception.* messages (and the contract's
    // keys): its other dotted strings are SQL columns, job kinds, audit actions and permissions, not keys.
    const apiMessage = (reference: { file: string; text: string }) =>
      !reference.file.startsWith("server/modules/") || /^(validation|exception)\./.test(reference.text);
    const missing = [...sourceFiles("app"), ...sourceFiles("server")]
      .flatMap((file) => readModule(file, groups).references)
      .filter(apiMessage)
      .filter((reference) =>
        reference.kind === "key" ? !known(reference.text) : ![...keys.keys()].some((k) => k.startsWith(reference.text)),
      )
      .map(where);
    expect(missing).toEqual([]);
  });

  describe("declared by the routes", () => {
    const routes = [{ id: "root", file: "app/root.tsx", parent: null as string | null }, ...routeModules()];
    const byId = new Map(routes.map((route) => [route.id, route]));
    const needed = new Map(routes.map((route) => [route.id, new Set(reachableReferences(route.file, groups).map(namespaceOf))] as const));
    const declaredAbove = (id: string | null): string[] => {
      const route = id === null ? undefined : byId.get(id);
      return route ? [...declaredNamespaces(route.file), ...declaredAbove(route.parent)] : [];
    };

    it("only name namespaces that exist, and common only in the root", () => {
      for (const route of routes) {
        for (const ns of declaredNamespaces(route.file)) expect(NAMESPACES, route.file).toContain(ns);
        if (route.id !== "root") expect(declaredNamespaces(route.file), route.file).not.toContain(DEFAULT_NAMESPACE);
      }
      expect(declaredNamespaces("app/root.tsx")).toEqual([DEFAULT_NAMESPACE]);
    });

    // A route renders in the browser after a client navigation even with hydrate: false, and then
    // only the namespaces its matched routes declare are loaded (app/root.tsx).
    it("cover every key a route's modules name: raw keys never show after a client navigation", () => {
      const uncovered = routes.flatMap((route) => {
        const declared = new Set(declaredAbove(route.id));
        return reachableReferences(route.file, groups)
          .filter((reference) => !declared.has(namespaceOf(reference)))
          .map((reference) => `${route.id} needs "${namespaceOf(reference)}" for ${where(reference)}`);
      });
      expect([...new Set(uncovered)]).toEqual([]);
    });

    it("name nothing that neither the route nor a route below it uses (every namespace costs a download)", () => {
      const below = (id: string): string[] =>
        routes.filter((route) => route.parent === id).flatMap((route) => [route.id, ...below(route.id)]);
      const unused = routes.flatMap((route) => {
        const used = new Set([route.id, ...below(route.id)].flatMap((id) => [...needed.get(id)!]));
        return declaredNamespaces(route.file)
          .filter((ns) => !used.has(ns))
          .map((ns) => `${route.id}: ${ns}`);
      });
      expect(unused).toEqual([]);
    });
  });
});
