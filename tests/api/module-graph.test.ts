/**
 * Issue 8 item 3: module dependencies run one way. A module uses another only through its index.ts (the
 * lint rule), and the graph those imports make has no cycle; seo uses search, never the reverse.
 * Issue 24 item 1 (ADR 064): the feature manifests the registries are built from hold together — every job kind has a
 * handler, every notification event its texts in all four languages and a channel default, every report type a queue —
 * and each check is shown to fail on a deliberately broken list.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationDeclaration } from "#server/api/types";
import { NAMESPACES, SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import type { NotificationEvent } from "#server/contract/notifications";
import type { NotificationKind } from "#server/contract/settings";
import { jobHandlersFor } from "#server/jobs/handlers";
import { FEATURES, seedParts } from "#server/modules/index";
import { defineFeature, type FeatureManifest, type JobDefinition } from "#server/modules/manifest";
import { manifestProblems, type ManifestCheckInput } from "#server/modules/registry";
import { flatten, readLocale } from "../helpers/translation-keys";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";

const MODULES_DIR = join(process.cwd(), "server/modules");

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** module → the modules its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of readdirSync(MODULES_DIR).filter((name) => statSync(join(MODULES_DIR, name)).isDirectory())) {
    const uses = new Set<string>();
    for (const file of filesOf(join(MODULES_DIR, module))) {
      for (const match of readFileSync(file, "utf8").matchAll(/from "\.\.\/([a-z-]+)\/[^"]+"/g)) {
        if (match[1] !== module && match[1] !== "..") uses.add(match[1]!);
      }
    }
    graph.set(module, uses);
  }
  return graph;
}

function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "visiting" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "visiting") return [...path.slice(path.indexOf(node)), node];
    state.set(node, "visiting");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("the module graph", () => {
  const graph = moduleGraph();

  it("has no cycle", () => {
    expect(findCycle(graph)).toBeNull();
  });

  it("finds a cycle when there is one (the check can fail)", () => {
    const withCycle = new Map(graph);
    withCycle.set("search", new Set([...(graph.get("search") ?? []), "seo"]));
    expect(findCycle(withCycle)).not.toBeNull();
  });

  it("seo uses search; search never uses seo", () => {
    expect(graph.get("seo")?.has("search")).toBe(true);
    expect(graph.get("search")?.has("seo")).toBe(false);
  });

  it("every module that others use has a public index.ts", () => {
    const used = new Set([...graph.values()].flatMap((uses) => [...uses]));
    for (const module of used) expect(statSync(join(MODULES_DIR, module, "index.ts")).isFile(), module).toBe(true);
  });
});

/**
 * server file → the server files it imports (type imports too: a type cycle is still two files that cannot be read
 * apart). The contract's own cycles are left out: they are another item's (issue 24).
 */
function fileGraph(): Map<string, Set<string>> {
  const server = join(process.cwd(), "server");
  const files = filesOf(server);
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const uses = new Set<string>();
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = resolve(dirname(file), match[1]!);
      const found = [`${target}.ts`, join(target, "index.ts"), target].find((candidate) => known.has(candidate));
      if (found) uses.add(relative(process.cwd(), found));
    }
    graph.set(relative(process.cwd(), file), uses);
  }
  for (const [file, uses] of graph)
    if (file.startsWith("server/contract/")) for (const used of uses) if (used.startsWith("server/contract/")) uses.delete(used);
  return graph;
}

describe("the server's files", () => {
  it("import each other without a cycle (the contract's own aside)", () => {
    expect(findCycle(fileGraph())).toBeNull();
  });

  it("find a cycle between two files when there is one (the check can fail)", () => {
    const graph = fileGraph();
    graph.get("server/api/types.ts")!.add("server/modules/auth/index.ts");
    expect(findCycle(graph)).not.toBeNull();
  });
});

describe("the feature manifests (ADR 064)", () => {
  let rt: TestRuntime;
  let input: ManifestCheckInput;
  beforeAll(async () => {
    rt = await createTestRuntime();
    const texts = new Map<Language, Set<string>>(
      SUPPORTED_LANGUAGES.map((lng) => [lng, new Set(NAMESPACES.flatMap((ns) => [...flatten(readLocale(lng, ns)).keys()]))]),
    );
    input = {
      hasText: (lng, key) => texts.get(lng)?.has(key) ?? false,
      routes: rt.api.routes.map((route) => `${route.spec.method.toUpperCase()} ${route.fullPath.replace(/^\/(api|oauth)\/v2/, "")}`),
    };
  });
  afterAll(async () => await rt?.close());

  const named = (name: string) => FEATURES.find((feature) => feature.name === name)! as FeatureManifest;
  const without = (name: string) => FEATURES.filter((feature) => feature.name !== name) as FeatureManifest[];
  const title = { de: "x", en: "x", es: "x", pl: "x" };

  it("hold: every job kind has a handler, every notification event its texts and channel default, every report type a queue", () => {
    expect(manifestProblems(FEATURES, input)).toEqual([]);
  });

  it("give every module with routes a manifest of its own name in the list", () => {
    const withRoutes = readdirSync(MODULES_DIR).filter(
      (module) =>
        statSync(join(MODULES_DIR, module)).isDirectory() &&
        readdirSync(join(MODULES_DIR, module)).some((file) => /(^|\.)routes\.ts$/.test(file)),
    );
    const listed = new Set<string>(FEATURES.map((feature) => feature.name));
    expect(withRoutes.filter((module) => !listed.has(module))).toEqual([]);
    for (const module of withRoutes) expect(named(module).routes, module).toBeDefined();
  });

  it("fail on a job kind without a handler, or one declared twice", () => {
    const broken = defineFeature({
      name: "broken",
      jobs: {
        "broken.run": {} as JobDefinition<{ id: number }>,
        "date.expire": named("dates").jobs!["date.expire"]!,
      },
    });
    expect(manifestProblems([...FEATURES, broken], input)).toEqual([
      "job kind date.expire is declared by dates and broken",
      "job kind broken.run (broken) has no handler",
    ]);
  });

  it("bind every job kind to a handler in the runner (mail delivery only with SMTP)", () => {
    const kinds = FEATURES.flatMap((feature) => Object.keys((feature as FeatureManifest).jobs ?? {}));
    expect(kinds.length).toBeGreaterThan(10);
    const handlers = jobHandlersFor(rt.deps);
    expect(kinds.filter((kind) => !(kind in handlers))).toEqual(["mail.deliver"]);
    const withSmtp = jobHandlersFor(rt.deps, { smtp: { send: async () => {}, close: () => {} } });
    expect(kinds.filter((kind) => !(kind in withSmtp))).toEqual([]);
  });

  it("fail on a notification event without its texts, title or channel default, and on an event nobody declares", () => {
    const dates = named("dates");
    const { date_request: _dropped, ...otherDateEvents } = dates.notifications!;
    const datesWithoutRequest = { ...dates, notifications: otherDateEvents };
    const gift = "gift_declined" as NotificationEvent;
    const broken = defineFeature({
      name: "broken",
      notifications: {
        [gift]: { kind: "dates", contentType: "info", stickiness: "short", title },
        date_request: { kind: "gifts" as NotificationKind, contentType: "request", stickiness: "long", title: { ...title, pl: " " } },
      } as Partial<Record<NotificationEvent, NotificationDeclaration>>,
    });
    expect(manifestProblems([...without("dates"), datesWithoutRequest, broken], input)).toEqual([
      "notification event gift_declined (broken) is not in contract/notifications NOTIFICATION_EVENTS",
      "notification event gift_declined (broken): bell.events.gift_declined has no text in de, en, es, pl",
      "notification event date_request (broken) has an unknown kind gifts",
      "notification event date_request (broken): kind gifts has no channel default (contract/settings DEFAULT_NOTIFICATION_PREFERENCES)",
      "notification event date_request (broken) has no title in pl",
      "notification event date_request (broken): settings.notifications.kinds.gifts has no text in de, en, es, pl",
    ]);
    expect(manifestProblems([...without("dates"), datesWithoutRequest], input)).toContain(
      "notification event date_request is declared by no feature",
    );
  });

  it("fail on a report type without a queue, one declared twice, and a queue without its title or route", () => {
    const broken = defineFeature({
      name: "broken",
      reportTypes: { live: { queue: "lives" } },
      moderationQueues: { gifts: { api: "/backoffice/gifts", title: "gifts.backoffice.title" } },
    });
    expect(manifestProblems([...FEATURES, broken], input)).toEqual([
      "report type live is declared by live and broken",
      "report type live (broken) goes to queue lives, which no feature declares",
      "moderation queue gifts (broken): gifts.backoffice.title has no text in de, en, es, pl",
      "moderation queue gifts (broken) is listed by no GET route /backoffice/gifts",
    ]);
    expect(manifestProblems(without("reports"), input)).toContain(
      "report type message (messenger) goes to queue reports, which no feature declares",
    );
  });

  it("fail on a sitemap declared twice or named unlike a file", () => {
    const seo = named("seo");
    const broken = defineFeature({
      name: "broken",
      sitemaps: { profiles: seo.sitemaps!.profiles!, "Gift Shop": seo.sitemaps!.directory! },
    });
    expect(manifestProblems([...FEATURES, broken], input)).toEqual([
      "sitemap profiles is declared by seo and broken",
      "sitemap Gift Shop (broken) is no file name (contract/seo SITEMAP_NAME_PATTERN)",
    ]);
  });

  it("keep the demo seed's parts in the order its data was made with (a moved part changes the ids after it)", () => {
    expect(seedParts().map((part) => part.name)).toEqual([
      "profile details",
      "consents",
      "profiles",
      "media",
      "views",
      "moderation",
      "profile-extras",
      "reports",
      "favorites",
      "friends",
      "messenger",
      "notifications",
      "dates",
      "tours",
      "promo-codes",
      "plus",
      "creator-media",
      "bundles",
      "fans",
      "community",
      "ads",
    ]);
    const twice = defineFeature({ name: "broken", seed: [{ order: 130, part: seedParts()[0]! }] });
    expect(manifestProblems([...FEATURES, twice], input)).toEqual(["seed order 130 is declared by dates and broken"]);
  });
});
