// In-process search benchmark: requests go through the API app (Hono fetch,
// validation, service, database) without a network socket.
//   DATABASE_URL=sqlite:/tmp/search-bench.sqlite node scripts/bench-search.mjs [--runs 300] [--warmup 30] [--only bar]
//     [--engines sql,index]   each scenario once per engine, alternating (ADR 151); "index" loads the column index
//                             first and prints its load time and the process's RSS growth
// Seed that database first (see docs/performance.md, "Search"). Prints p50/p95/max
// per scenario and the result totals, so a scenario that matches nothing is visible.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

register();
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "300" },
    warmup: { type: "string", default: "30" },
    only: { type: "string" },
    engines: { type: "string" },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
if (!process.env.DATABASE_URL) {
  console.error("set DATABASE_URL to the benchmark database (never the development one)");
  process.exit(2);
}

const { loadConfig } = await import("../server/config.ts");
const { bootstrap } = await import("../server/bootstrap.ts");
const runtime = await bootstrap(loadConfig(), { seed: false });
const users = await runtime.database.db
  .selectFrom("users")
  .select((eb) => eb.fn.countAll().as("n"))
  .executeTakeFirstOrThrow();
console.info(`database ${runtime.database.dialect}, ${users.n} users`);

const BERLIN = { lat: 52.52437, lon: 13.41053 };
const FACETS = { term: ["gender", "figure_type", "race_type", "cup_size"], range: ["age", "price"] };
const scenarios = [
  {
    name: "10 km Berlin, gender + age filters, facets, top_ranking (the bar)",
    path: "/api/v2/search/user-and-business",
    body: { filterquery: { location: { ...BERLIN, radius: 10 }, gender: [2], age: [18, 35] }, facets: FACETS, sort: "top_ranking" },
  },
  {
    name: "10 km Berlin, gender + price band, facets, distance sort",
    path: "/api/v2/search/user-and-business",
    body: { filterquery: { location: { ...BERLIN, radius: 10 }, gender: [2], price: [100, 150] }, facets: FACETS, sort: "distance" },
  },
  {
    name: "100 km Berlin (default radius), no filters, facets, top_ranking_distance_ring",
    path: "/api/v2/search/user-and-business",
    body: { filterquery: { location: { ...BERLIN, radius: 100 } }, facets: FACETS, sort: "top_ranking_distance_ring" },
  },
  {
    name: "country DE, gender filter, no facets, page 3",
    path: "/api/v2/search/user-and-business",
    body: { filterquery: { country: ["DE"], gender: [2] }, page_no: 3 },
  },
  // Trait groups off search_profiles and a business kind, held by the index since ADR 176 (the SQL path before).
  {
    name: "10 km Berlin, gender + language de, facets (trait group)",
    path: "/api/v2/search/user-and-business",
    body: { filterquery: { location: { ...BERLIN, radius: 10 }, gender: [2], language: ["de"] }, facets: FACETS, sort: "top_ranking" },
  },
  {
    name: "100 km Berlin, businesses of the kind club",
    path: "/api/v2/search/user-and-business",
    body: { searchMode: "business", filterquery: { location: { ...BERLIN, radius: 100 }, business_kind: "club" }, sort: "top_ranking" },
  },
  // A name prefix is the SQL path (the index holds no names).
  {
    name: "100 km Berlin, name prefix 'ann'",
    path: "/api/v2/search/user-and-business",
    body: { query: { name: "ann" }, filterquery: { location: { ...BERLIN, radius: 100 } }, sort: "top_ranking" },
  },
  {
    name: "10 km Berlin, name prefix 'm' (one letter: the widest prefix), facets",
    path: "/api/v2/search/user-and-business",
    body: { query: { name: "m" }, filterquery: { location: { ...BERLIN, radius: 10 } }, facets: FACETS, sort: "top_ranking" },
  },
  {
    name: "SEO directory: ladies in Berlin, page 2",
    path: "/api/v2/search/seo",
    body: { category: "ladies", country: "deutschland", city: "berlin", page_no: 2 },
  },
  // GET /seo/directory keeps guest pages for 60 s in process; these runs clear that cache before every
  // request, so they measure a cold listing (the page a crawler reaches first).
  {
    name: "directory page, cold: escort in Berlin (city)",
    path: "/api/v2/seo/directory?category=escort&country=deutschland&region=berlin&city=berlin",
    body: null,
    cold: true,
  },
  {
    name: "directory page, cold: ladies in Bayern (region: counts and 10 city teasers)",
    path: "/api/v2/seo/directory?category=ladies&country=deutschland&region=bayern",
    body: null,
    cold: true,
  },
  {
    name: "directory page, cold: sex-and-erotic in Germany (country: region counts)",
    path: "/api/v2/seo/directory?category=sex-and-erotic&country=deutschland",
    body: null,
    cold: true,
  },
  { name: "city autocomplete 'mün'", path: "/api/v2/search/city?q=m%C3%BCn", body: null },
];

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const { clearDirectoryCache } = await import("../server/modules/seo/service.ts");

async function call(scenario) {
  if (scenario.cold) clearDirectoryCache(runtime.database.db);
  const init = scenario.body
    ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(scenario.body) }
    : { method: "GET" };
  const response = await runtime.api.fetch(new Request(`http://bench.local${scenario.path}`, init), { remoteAddress: "127.0.0.1" });
  const json = await response.json();
  if (response.status !== 200) throw new Error(`${scenario.name}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The machine's load average: on a shared machine wall times mean little without it (docs/performance.md). */
function loadAverage() {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

console.info(`load average at start: ${loadAverage()}`);
// The engines to compare (SEARCH_INDEX alone otherwise): the config's switch, flipped between scenarios' runs.
const engines = values.engines ? values.engines.split(",") : [runtime.config.searchIndex ? "index" : "sql"];
if (engines.includes("index")) {
  const { SearchColumnIndex } = await import("../server/modules/search/column-index.ts");
  globalThis.gc?.();
  const before = process.memoryUsage();
  const cpuBefore = process.cpuUsage();
  const index = SearchColumnIndex.of(runtime.deps);
  await index.load();
  const cpu = process.cpuUsage(cpuBefore);
  globalThis.gc?.();
  const after = process.memoryUsage();
  const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;
  // Retained: the heap and the typed arrays' buffers after a collection (run with --expose-gc); RSS also keeps what the
  // load's garbage took, as the allocator does not hand it back at once.
  console.info(
    `column index: ${index.lastLoad.rows} rows loaded in ${index.lastLoad.ms.toFixed(0)} ms (cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms), ` +
      `retained +${mb(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers)}, RSS +${mb(after.rss - before.rss)}`,
  );
}
// --only: the scenarios whose name contains this text (a long run on a busy machine measures what it must).
for (const scenario of scenarios.filter((s) => !values.only || s.name.includes(values.only)))
  for (const engine of engines) {
    runtime.config.searchIndex = engine === "index";
    let sample;
    for (let i = 0; i < warmup; i++) sample = await call(scenario);
    const times = [];
    // CPU time of this process per request: unlike wall time, other work on a shared machine barely moves it.
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      const started = process.hrtime.bigint();
      await call(scenario);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000 / runs;
    times.sort((a, b) => a - b);
    const total = sample?.meta?.total ?? sample?.data?.total ?? (Array.isArray(sample?.data) ? sample.data.length : "?");
    console.info(
      `${scenario.name}${engines.length > 1 ? ` [${engine}]` : ""}\n  runs ${runs}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times[times.length - 1].toFixed(1)} ms  cpu ${cpuMs.toFixed(1)} ms/request  total ${total}`,
    );
  }
console.info(`load average at end: ${loadAverage()}`);
await runtime.database.close();
