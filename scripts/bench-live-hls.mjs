// HLS viewers of one live stream (issue 31 "Measured when done", ADR 125): one app process pinned to one core
// (`taskset -c 1`) serves N concurrent HLS players — each fetches its own playlist (a signed per-viewer address,
// access checked at most every 15 s) once a second and every new segment once (the shared, CDN-cacheable address),
// as a player does. The segments are 720p H.264 at about 2.5 Mbit/s, 1 s each, encoded once by ffmpeg before the run;
// during it this process publishes one a second into the stream's folder as the engine's HLS writer does (a rolling
// playlist of 6, older files deleted), so no encoder competes with the measured core. The load generator (plain
// node:http with keep-alive, lighter than fetch; bodies counted, not kept) runs pinned to the other core — in this
// process, or with `--clients N` in N worker processes that inherit that core's pinning, each playing its share of
// the viewers, their timings merged here (one event loop for 500 players was the limit of the figure before, ADR 137).
//   taskset -c 0 node scripts/bench-live-hls.mjs [--viewers 500] [--seconds 30] [--clients 1] [--app-core 1] [--port 3410]
// Prints the segment and playlist fetch latencies (p50, p95, p99), answers per second, errors, the app's CPU (and per
// answer, the figure that carries over from a loaded machine), the load generator's CPU and the machine's load
// average at start and end.
import { execFileSync, fork, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { Agent, get } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    viewers: { type: "string", default: "500" },
    seconds: { type: "string", default: "30" },
    "app-core": { type: "string", default: "1" },
    port: { type: "string", default: "3410" },
    clients: { type: "string", default: "1" },
    serve: { type: "boolean", default: false },
    worker: { type: "boolean", default: false },
    dir: { type: "string" },
  },
});

if (values.worker) {
  // A load-generator worker: plays the viewers it is sent, answers with its raw timings and its own CPU time.
  process.once("message", async (job) => {
    const result = await playViewers(job);
    process.send(result, () => process.exit(0));
  });
} else if (values.serve) {
  // The app side: the real API (SQLite in memory, every migration), a creator, N members and one live stream.
  const { register } = await import("tsx/esm/api");
  register();
  const { serveBench } = await import("./bench-live-hls-app.ts");
  await serveBench({ dir: values.dir, viewers: Number(values.viewers), port: Number(values.port) });
} else {
  const viewers = Number(values.viewers);
  const seconds = Number(values.seconds);
  console.info(`load average at start: ${load()} (${new Date().toISOString()})`);
  const dir = mkdtempSync(join(tmpdir(), "bench-live-hls-"));
  const app = spawn(
    "taskset",
    [
      ...["-c", values["app-core"], process.execPath, "scripts/bench-live-hls.mjs", "--serve", "--dir", dir],
      ...["--viewers", String(viewers), "--port", values.port],
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let publisher = null;
  const stop = () => {
    if (publisher) clearInterval(publisher);
    app.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  // Interrupted (Ctrl-C, a time limit): the app goes too.
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      stop();
      process.exit(130);
    });
  }
  try {
    const ready = await new Promise((resolve, reject) => {
      let out = "";
      app.stdout.on("data", (chunk) => {
        out += chunk.toString();
        // Only a whole line: the JSON is larger than one pipe chunk.
        const line = out
          .split("\n")
          .slice(0, -1)
          .find((l) => l.startsWith("{"));
        if (line) resolve(JSON.parse(line));
      });
      app.once("exit", (code) => reject(new Error(`app exited ${code}`)));
    });
    // Ten 1-s segments of 720p at 25 fps (a key frame a second), encoded once before the run.
    const source = join(dir, "source");
    mkdirSync(source);
    execFileSync("ffmpeg", [
      ...["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25", "-t", "10"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-b:v", "2500k", "-pix_fmt", "yuv420p"],
      ...[
        "-f",
        "hls",
        "-hls_time",
        "1",
        "-hls_list_size",
        "0",
        "-hls_segment_filename",
        join(source, "s-%02d.ts"),
        join(source, "index.m3u8"),
      ],
    ]);
    const sources = readdirSync(source)
      .filter((name) => name.endsWith(".ts"))
      .sort()
      .map((name) => readFileSync(join(source, name)));
    let next = 0;
    const publish = () => {
      const name = `seg-${String(next).padStart(5, "0")}.ts`;
      writeFileSync(join(ready.hlsDir, `${name}.tmp`), sources[next % sources.length]);
      renameSync(join(ready.hlsDir, `${name}.tmp`), join(ready.hlsDir, name));
      const first = Math.max(0, next - 5);
      const lines = [
        "#EXTM3U",
        "#EXT-X-VERSION:6",
        "#EXT-X-TARGETDURATION:1",
        `#EXT-X-MEDIA-SEQUENCE:${first}`,
        "#EXT-X-INDEPENDENT-SEGMENTS",
      ];
      for (let n = first; n <= next; n++) lines.push("#EXTINF:1.000000,", `seg-${String(n).padStart(5, "0")}.ts`);
      writeFileSync(join(ready.hlsDir, "index.m3u8.tmp"), `${lines.join("\n")}\n`);
      renameSync(join(ready.hlsDir, "index.m3u8.tmp"), join(ready.hlsDir, "index.m3u8"));
      if (next >= 10) rmSync(join(ready.hlsDir, `seg-${String(next - 10).padStart(5, "0")}.ts`), { force: true });
      next += 1;
    };
    for (let i = 0; i < 4; i++) publish();
    publisher = setInterval(publish, 1000);
    const base = `http://127.0.0.1:${ready.port}`;
    const clients = Math.max(1, Math.min(Number(values.clients), ready.playlists.length));
    const until = Date.now() + seconds * 1000;
    const cpuBefore = cpuOf(ready.pid);
    const t0 = Date.now();
    let results;
    if (clients === 1) results = [await playViewers({ base, playlists: ready.playlists, until })];
    else {
      // Each worker gets every clients-th viewer; the workers inherit this process's core (taskset -c 0).
      results = await Promise.all(
        Array.from({ length: clients }, (_, index) => {
          const child = fork(new URL(import.meta.url).pathname, ["--worker"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
          child.send({ base, playlists: ready.playlists.filter((_, n) => n % clients === index), until });
          return new Promise((resolve, reject) => {
            child.once("message", resolve);
            child.once("exit", (code) => (code === 0 ? undefined : reject(new Error(`worker exited ${code}`))));
          });
        }),
      );
    }
    const segmentTimes = results.flatMap((r) => r.segmentTimes);
    const playlistTimes = results.flatMap((r) => r.playlistTimes);
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    const bytes = results.reduce((sum, r) => sum + r.bytes, 0);
    const clientCpu = results.reduce((sum, r) => sum + r.cpuMs, 0) / 1000;
    const elapsed = (Date.now() - t0) / 1000;
    const cpu = (cpuOf(ready.pid) - cpuBefore) / 100;
    const pct = (list, p) => {
      const sorted = [...list].sort((a, b) => a - b);
      return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(1) : "–";
    };
    console.info(`viewers ${viewers}, ${elapsed.toFixed(0)} s, app on core ${values["app-core"]}, ${clients} load-generator process(es)`);
    console.info(`| fetch | answers | per s | p50 ms | p95 ms | p99 ms |`);
    console.info(`|---|---:|---:|---:|---:|---:|`);
    console.info(
      `| segment | ${segmentTimes.length} | ${(segmentTimes.length / elapsed).toFixed(0)} | ${pct(segmentTimes, 50)} | ${pct(segmentTimes, 95)} | ${pct(segmentTimes, 99)} |`,
    );
    console.info(
      `| playlist | ${playlistTimes.length} | ${(playlistTimes.length / elapsed).toFixed(0)} | ${pct(playlistTimes, 50)} | ${pct(playlistTimes, 95)} | ${pct(playlistTimes, 99)} |`,
    );
    console.info(
      `errors ${errors}; ${((bytes / elapsed / 1e6) * 8).toFixed(0)} Mbit/s served; app CPU ${cpu.toFixed(1)} s in ${elapsed.toFixed(0)} s (${((cpu / elapsed) * 100).toFixed(0)} % of its core), ${((cpu / (segmentTimes.length + playlistTimes.length)) * 1000).toFixed(2)} ms per answer`,
    );
    console.info(
      `load generator CPU ${clientCpu.toFixed(1)} s in ${elapsed.toFixed(0)} s (${((clientCpu / elapsed) * 100).toFixed(0)} % of one core)`,
    );
    console.info(`load average at end: ${load()} (${new Date().toISOString()})`);
  } finally {
    stop();
  }
}

/**
 * Plays `playlists` (one per viewer) until `until` as players do: the playlist once a second, each new segment once
 * (a joining player starts three segments from the live edge). Returns the raw timings and this process's CPU time.
 */
async function playViewers({ base, playlists, until }) {
  const cpuStart = process.cpuUsage();
  const agent = new Agent({ keepAlive: true, maxSockets: playlists.length * 2 });
  // A segment's bytes are counted, never joined: the generator's own work stays small.
  const fetchBody = (url, keep) =>
    new Promise((resolve) => {
      const request = get(url, { agent }, (response) => {
        const chunks = [];
        let length = 0;
        response.on("data", (chunk) => {
          length += chunk.length;
          if (keep) chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({ status: response.statusCode, length, text: keep ? Buffer.concat(chunks).toString("utf8") : "" }),
        );
        response.on("error", () => resolve({ status: 0, length: 0, text: "" }));
      });
      request.setTimeout(20_000, () => request.destroy());
      request.on("error", () => resolve({ status: 0, length: 0, text: "" }));
    });
  const segmentTimes = [];
  const playlistTimes = [];
  let errors = 0;
  let bytes = 0;
  const viewer = async (url) => {
    const seen = new Set();
    // Players join at different moments.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
    while (Date.now() < until) {
      const started = performance.now();
      const playlist = await fetchBody(base + url, true);
      if (playlist.status !== 200) errors++;
      playlistTimes.push(performance.now() - started);
      const segments = playlist.text.split("\n").filter((line) => line.includes("seg-"));
      for (const line of seen.size === 0 ? segments.slice(-3) : segments) {
        if (seen.has(line)) continue;
        seen.add(line);
        const t0 = performance.now();
        const segment = await fetchBody(new URL(line, base + url).href, false);
        bytes += segment.length;
        if (segment.status !== 200) errors++;
        segmentTimes.push(performance.now() - t0);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  await Promise.all(playlists.map((url) => viewer(url)));
  agent.destroy();
  const cpu = process.cpuUsage(cpuStart);
  return { segmentTimes, playlistTimes, errors, bytes, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** utime + stime of a process in clock ticks (100 per second on Linux). */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function load() {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}
