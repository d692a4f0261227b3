// The dashboard's data half alone (issue 33 item 4, ADR 160): server CPU of the start page's cards as six API calls
// (consents, registration steps, settings index, phone, age check, the member's moderation: the page before ADR 160)
// against one (GET /dashboard), in one process on an in-memory SQLite database seeded with one escort, through the
// API app's fetch as the web tier calls it in-process (no HTTP). Blocks of each alternate; CPU from process.cpuUsage.
//   npx tsx scripts/bench-dashboard-calls.ts [--blocks 10] [--per-block 300]
// Pin it (taskset -c 1) and write the load average beside the figures: CPU per call grows with the machine's load.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { USER_TYPE } from "#server/contract/users";
import { addBerlinProfile, createTestRuntime, createUser, login } from "../tests/helpers/runtime";

const { values } = parseArgs({ options: { blocks: { type: "string", default: "10" }, "per-block": { type: "string", default: "300" } } });
const blocks = Number(values.blocks);
const perBlock = Number(values["per-block"]);
const SIX = ["/user/consents", "/registration/steps", "/settings", "/registration/sms", "/verification/fsk18", "/moderation/my"];
const ONE = ["/dashboard"];

const rt = await createTestRuntime();
const user = await createUser(rt, { userType: USER_TYPE.escort });
await addBerlinProfile(rt, user.id, user.username);
const token = String((await login(rt, user.username, user.password)).body.access_token);

async function page(paths: string[]): Promise<void> {
  const responses = await Promise.all(
    paths.map((path) =>
      rt.api.fetch(new Request(`http://velora.test/api/v2${path}`, { headers: { authorization: `Bearer ${token}` } }), {
        remoteAddress: "203.0.113.10",
      }),
    ),
  );
  for (const response of responses) {
    if (response.status !== 200) throw new Error(`${response.url} ${response.status}`);
    JSON.parse(await response.text());
  }
}

const cpuMs = { six: [] as number[], one: [] as number[] };
for (let warm = 0; warm < 200; warm++) {
  await page(SIX);
  await page(ONE);
}
for (let b = 0; b < blocks; b++) {
  for (const [name, paths] of [
    ["six", SIX],
    ["one", ONE],
  ] as const) {
    const start = process.cpuUsage();
    for (let i = 0; i < perBlock; i++) await page(paths);
    const used = process.cpuUsage(start);
    cpuMs[name].push((used.user + used.system) / 1000 / perBlock);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.info(`CPU ms per page's cards (median of ${blocks} blocks of ${perBlock}; lowest): load ${load}`);
for (const name of ["six", "one"] as const)
  console.info(
    `  ${name === "six" ? "six calls (before)" : "GET /dashboard (after)"}: ${median(cpuMs[name]).toFixed(3)} (${Math.min(...cpuMs[name]).toFixed(3)})`,
  );
await rt.close();
