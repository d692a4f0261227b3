// The viewer's row (access/visibility viewerContext, ADR 160): CPU per call built by Kysely per call (the code before
// ADR 160, repeated here) against the statement built once, alternating blocks, in one process on an in-memory SQLite
// database. Both run the same SQL; the difference is Kysely's building and compiling.
//   npx tsx scripts/bench-viewer-row.ts [--blocks 10] [--per-block 2000]   (pin it: taskset -c 1; write the load down)
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { USER_TYPE } from "#server/contract/users";
import { ageSessionOpenSql } from "#server/modules/access/age-gate";
import { VIEWER_COLUMNS, viewerContext } from "#server/modules/access/visibility";
import { createTestRuntime, createUser, login } from "../tests/helpers/runtime";

const { values } = parseArgs({ options: { blocks: { type: "string", default: "10" }, "per-block": { type: "string", default: "2000" } } });
const rt = await createTestRuntime();
const user = await createUser(rt, { userType: USER_TYPE.client });
await login(rt, user.username, user.password);
const token = await rt.deps.db.selectFrom("access_tokens").select("id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
const caller = { id: user.id, tokenId: token.id };

const builtPerCall = () =>
  rt.deps.db
    .selectFrom("users")
    .select([...VIEWER_COLUMNS])
    .select((eb) => ageSessionOpenSql(eb, caller.tokenId).as("age_session_open"))
    .where("id", "=", caller.id)
    .executeTakeFirst();
const builtOnce = () => viewerContext(rt.deps, caller);

const ms = { perCall: [] as number[], once: [] as number[] };
for (let i = 0; i < 2000; i++) await Promise.all([builtPerCall(), builtOnce()]);
for (let b = 0; b < Number(values.blocks); b++) {
  for (const [name, run] of [
    ["perCall", builtPerCall],
    ["once", builtOnce],
  ] as const) {
    const n = Number(values["per-block"]);
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) await run();
    const used = process.cpuUsage(start);
    ms[name].push((used.user + used.system) / 1000 / n);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.info(
  `CPU µs per viewer row (median of blocks; lowest), load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
);
console.info(`  built per call (before): ${(median(ms.perCall) * 1000).toFixed(1)} (${(Math.min(...ms.perCall) * 1000).toFixed(1)})`);
console.info(`  built once (after):      ${(median(ms.once) * 1000).toFixed(1)} (${(Math.min(...ms.once) * 1000).toFixed(1)})`);
await rt.close();
