// The admission control's own CPU per request, without the machine's noise (ADR 060): the same in-process
// Hono app with and without server/ops/admission.ts, N closed-loop callers, a handler that yields once (so
// requests overlap: with 200 callers, 16 run and the rest wait in the queue). Prints CPU µs per request.
//   node --import tsx scripts/bench-admission.mjs [--requests 50000] [--rounds 3]
import { parseArgs } from "node:util";
import { Hono } from "hono";
import { admissionControl, memberOf } from "../server/ops/admission.ts";

const { values } = parseArgs({ options: { requests: { type: "string", default: "50000" }, rounds: { type: "string", default: "3" } } });

function appWith(admission) {
  const app = new Hono();
  const clientOf = (c) => ({ address: "127.0.0.1", member: memberOf(c.req.raw.headers) });
  if (admission) app.use("*", admissionControl({ maxInFlight: 32, maxQueue: 256, maxWaitMs: 2000, maxEventLoopLagMs: 0, clientOf }));
  app.get("/:lang/page", async (c) => {
    await new Promise((resolve) => setImmediate(resolve));
    return c.text("page");
  });
  return app;
}

async function run(admission, callers, total) {
  const app = appWith(admission);
  let sent = 0;
  let ok = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (sent < total) {
        sent++;
        const response = await app.fetch(new Request("http://127.0.0.1/de/page", { headers: { cookie: "km_ff=v; tk=token" } }));
        if (response.status === 200) ok++;
      }
    }),
  );
  const cpu = process.cpuUsage(before);
  return { ok, us: (cpu.user + cpu.system) / total };
}

const total = Number(values.requests);
for (const callers of [32, 200]) {
  const results = { off: [], on: [] };
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const mode of ["off", "on"]) {
      const { ok, us } = await run(mode === "on", callers, total);
      if (ok !== total) throw new Error(`${mode}: ${total - ok} requests not served`);
      results[mode].push(us);
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const [off, on] = [median(results.off), median(results.on)];
  console.info(
    `${callers} callers: ${off.toFixed(1)} µs per request without admission control, ${on.toFixed(1)} with it: +${(on - off).toFixed(1)} µs`,
  );
}
