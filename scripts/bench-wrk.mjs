// What the wrk-driven benches share (scripts/bench-guest-cache.mjs, scripts/bench-proxy-cache.mjs): one wrk run,
// pinned to a core, parsed; and a process's CPU seconds from /proc, to divide by the requests it answered.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)

/** A process's user + system CPU seconds so far (fields 14 and 15 of /proc/PID/stat, after the command's name). */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/**
 * One run of Debian's wrk (one thread, pinned with taskset to `core`) against a loopback URL: the requests it
 * counted, their rate, the non-2xx/3xx answers and timeouts, the median latency as wrk prints it.
 */
export function runWrk({ url, core, concurrency, duration, headers = [] }) {
  if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname)) throw new Error(`refusing ${url}: loopback only`);
  const out = execFileSync(
    "taskset",
    ["-c", String(core), "wrk", "-t1", `-c${concurrency}`, `-d${duration}s`, ...headers.flatMap((h) => ["-H", h]), url],
    { encoding: "utf8" },
  );
  return {
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    errors: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors: .*?timeout (\d+)/.exec(out)?.[1] ?? 0),
    p50: /50%\s+(\S+)/.exec(out)?.[1],
  };
}
