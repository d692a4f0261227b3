// WebRTC viewers one process carries at 720p (issue 31 "Measured when done", ADR 125, ADR 129). One command:
//   node scripts/bench-live-webrtc.mjs [--steps 1,5,10,20,30,40,50,60,80,100,120,150] [--step-seconds 10]
//                                      [--app-core 1] [--load-core 0] [--per-process 10] [--port 3410]
// - The app (the real v2 API, SQLite in memory, as bench-live-hls.mjs) runs pinned to one core (`taskset -c 1`) with
//   the cap LIVE_MAX_WEBRTC_VIEWERS lifted, so the measurement finds where frames drop instead of the cap.
// - The publisher is a werift client in this process that goes live over WHIP and sends a pre-encoded 720p H.264 clip
//   (30 fps, 2.5 Mbit/s, a key frame a second, encoded once before the run) as RTP: `ffmpeg -re -stream_loop -1
//   -c copy -f rtp` to loopback UDP (port + 2), each packet written to the werift track. No encoder runs during it.
// - Viewers are werift WHEP receivers in child processes (`--per-process` each) pinned to the other core. Each counts
//   video frames (RTP timestamps) and packet gaps (sequence numbers). SRTP leaves the RTP header in the clear, so the
//   receivers skip the payload's decryption: a viewer costs the load generator less than it costs the app, and the
//   app's core is what runs out first. ICE, DTLS and the SRTP the app encrypts are real.
// - N rises step by step; per step it prints viewers, app CPU %, frames per viewer per second (mean and the worst
//   viewer), drop % and lost packets. It stops after the second step where a viewer received < 95 % of the sent frame
//   rate or lost packets (one more step confirms it was not a blip), or runs every step with --all-steps. At the end
//   it fits the app's CPU to a fixed part plus a cost per packet sent to a viewer: the viewers one core carries.
// Prints the machine's load average at start and end: on a shared machine the app's core is not its own, so the
// app CPU per viewer (from /proc/<pid>/stat) is the figure that carries over to a quiet machine.
import { spawn, execFileSync } from "node:child_process";
import { createSocket } from "node:dgram";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const require = createRequire(import.meta.url);

const { values } = parseArgs({
  options: {
    steps: { type: "string", default: "1,5,10,20,30,40,50,60,80,100,120,150,200" },
    "step-seconds": { type: "string", default: "10" },
    "app-core": { type: "string", default: "1" },
    "load-core": { type: "string", default: "0" },
    "per-process": { type: "string", default: "10" },
    // Keep rising after frames dropped (on a loaded machine they drop at once; the CPU figures still hold).
    "all-steps": { type: "boolean", default: false },
    port: { type: "string", default: "3410" },
    serve: { type: "boolean", default: false },
    viewer: { type: "boolean", default: false },
    base: { type: "string" },
    dir: { type: "string" },
    viewers: { type: "string", default: "0" },
  },
});

/** What the app negotiates (server/integrations/live-video/webrtc.ts): constrained baseline, packetization mode 1. */
const H264_PARAMETERS = "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f";
const FPS = 30;
const RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

const WERIFT_DIR = require.resolve("werift").split("/lib/")[0];

function werift() {
  // The CommonJS build, whose classes the patches below reach. The app answers as the DTLS server, so these clients
  // are DTLS clients, and werift's client fails a handshake when a repeated HelloVerifyRequest arrives (the app was
  // slower than 500 ms to answer the first ClientHello: it will be, at capacity). Ignoring the repeat is what RFC 6347
  // asks (the flight has its own retransmission timer); without it the load generator, not the app, would fail first.
  const { Flight3 } = require(join(WERIFT_DIR, "lib/dtls/src/flight/client/flight3.js"));
  const exec = Flight3.prototype.exec;
  Flight3.prototype.exec = function execOnce(verifyRequest) {
    return this.dtls.flight === 3 ? Promise.resolve() : exec.call(this, verifyRequest);
  };
  // The load generator shares a loaded core: 4 MB socket buffers (net.core.rmem_max here) keep a receiver that waits
  // for the scheduler from dropping datagrams the app did send (Linux counts them in /proc/net/snmp RcvbufErrors).
  const dgram = require("node:dgram");
  const createSocket = dgram.createSocket;
  dgram.createSocket = (type, listener) =>
    createSocket({ ...(typeof type === "string" ? { type } : type), recvBufferSize: RECEIVE_BUFFER_BYTES }, listener);
  return require("werift");
}

function h264(w) {
  return w.useH264({ rtcpFeedback: [w.useNACK(), w.usePLI()], parameters: H264_PARAMETERS });
}

async function gathered(pc) {
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== "complete") {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 3000);
      pc.iceGatheringStateChange.subscribe((state) => {
        if (state === "complete") {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }
  return pc.localDescription.sdp;
}

async function postSdp(url, sdp) {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/sdp" }, body: sdp });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

/** utime + stime of a process in seconds (clock ticks of 1/100 s on Linux). */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function load() {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}

if (values.serve) {
  const { register } = await import("tsx/esm/api");
  register();
  const { serveBench } = await import("./bench-live-hls-app.ts");
  await serveBench({ dir: values.dir, viewers: Number(values.viewers), port: Number(values.port), maxWebrtcViewers: 10_000 });
} else if (values.viewer) {
  await runViewers();
} else {
  await runBench();
}

/**
 * A viewer process: one WHEP receiver per address read from stdin ("add <url>"); "snap" prints every viewer's
 * counters as one JSON line.
 */
async function runViewers() {
  // SRTP encrypts the payload only: count frames from the clear header and skip the decryption (see the top).
  const { SrtpContext } = require(join(WERIFT_DIR, "lib/rtp/src/srtp/context/srtp.js"));
  SrtpContext.prototype.decryptRtp = function decryptRtpHeaderOnly(cipherText) {
    return [cipherText, undefined];
  };
  const w = werift();
  const viewers = [];
  const add = async (url) => {
    const counter = { connected: false, frames: 0, packets: 0, unique: 0, gaps: 0, firstFrameMs: null, error: null };
    viewers.push(counter);
    const started = Date.now();
    try {
      const pc = new w.RTCPeerConnection({ codecs: { video: [h264(w)] } });
      pc.addTransceiver("video", { direction: "recvonly" });
      // Retransmissions (the app answers NACKs from its cache) arrive out of order: count distinct sequence numbers
      // and distinct timestamps, not steps between consecutive packets.
      const seen = new Uint8Array(65536);
      const recentTimestamps = new Set();
      let firstSeq = -1;
      let highest = -1;
      pc.onTrack.subscribe((track) => {
        track.onReceiveRtp.subscribe((rtp) => {
          const { sequenceNumber, timestamp } = rtp.header;
          counter.packets++;
          if (firstSeq < 0) firstSeq = highest = sequenceNumber;
          const ahead = (sequenceNumber - (highest % 65536) + 65536) % 65536;
          if (ahead > 0 && ahead < 32768) highest += ahead;
          if (!seen[sequenceNumber]) {
            seen[sequenceNumber] = 1;
            seen[(sequenceNumber + 32768) % 65536] = 0;
            counter.unique++;
          }
          counter.gaps = highest - firstSeq + 1 - counter.unique;
          if (!recentTimestamps.has(timestamp)) {
            recentTimestamps.add(timestamp);
            if (recentTimestamps.size > 256) recentTimestamps.delete(recentTimestamps.values().next().value);
            counter.frames++;
            if (counter.firstFrameMs === null) counter.firstFrameMs = Date.now() - started;
          }
        });
      });
      pc.connectionStateChange.subscribe((state) => {
        if (state === "connected") counter.connected = true;
        if (state === "failed" || state === "closed") counter.connected = false;
      });
      const answer = await postSdp(url, await gathered(pc));
      await pc.setRemoteDescription({ type: "answer", sdp: answer });
    } catch (error) {
      counter.error = String(error);
    }
  };
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.startsWith("add ")) void add(line.slice(4));
    if (line === "snap") process.stdout.write(`${JSON.stringify(viewers)}\n`);
  }
  process.exit(0);
}

async function runBench() {
  const steps = values.steps.split(",").map(Number);
  const stepSeconds = Number(values["step-seconds"]);
  const perProcess = Number(values["per-process"]);
  const port = Number(values.port);
  const rtpPort = port + 2;
  const maxViewers = Math.max(...steps);
  console.info(`load average at start: ${load()} (${new Date().toISOString()})`);
  const dir = mkdtempSync(join(tmpdir(), "bench-live-webrtc-"));
  const children = [];
  const stopAll = () => {
    for (const child of children) killGroup(child);
    rmSync(dir, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    stopAll();
    process.exit(130);
  });
  try {
    // 10 s of 720p H.264, 30 fps, a key frame a second, SPS/PPS before each one (MPEG-TS keeps them in band).
    const clip = join(dir, "clip.ts");
    execFileSync("ffmpeg", [
      ...["-nostdin", "-v", "error", "-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=${FPS}`, "-t", "10"],
      ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "baseline", "-level", "3.1", "-g", String(FPS)],
      ...["-b:v", "2500k", "-maxrate", "2500k", "-bufsize", "2500k", "-pix_fmt", "yuv420p", "-f", "mpegts", clip],
    ]);

    const app = spawn(
      "taskset",
      [
        ...["-c", values["app-core"], process.execPath, "scripts/bench-live-webrtc.mjs", "--serve"],
        ...["--dir", dir, "--viewers", String(maxViewers), "--port", String(port)],
      ],
      // Its own process group: the app's ffmpeg (the HLS writer) ends with it.
      { stdio: ["ignore", "pipe", "inherit"], detached: true },
    );
    children.push(app);
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
    const base = `http://127.0.0.1:${ready.port}`;

    // The publisher: werift over WHIP, fed by ffmpeg's RTP of the pre-encoded clip.
    const w = werift();
    const track = new w.MediaStreamTrack({ kind: "video" });
    const publisher = new w.RTCPeerConnection({ codecs: { video: [h264(w)] } });
    publisher.addTransceiver(track, { direction: "sendonly" });
    const answer = await postSdp(base + ready.whip, await gathered(publisher));
    await publisher.setRemoteDescription({ type: "answer", sdp: answer });
    await new Promise((resolve) => {
      if (publisher.connectionState === "connected") return resolve();
      publisher.connectionStateChange.subscribe((state) => state === "connected" && resolve());
    });
    const sent = { frames: 0, packets: 0 };
    let lastTimestamp = -1;
    const udp = createSocket("udp4");
    udp.on("message", (packet) => {
      const timestamp = packet.readUInt32BE(4);
      sent.packets++;
      if (timestamp !== lastTimestamp) {
        sent.frames++;
        lastTimestamp = timestamp;
      }
      track.writeRtp(packet);
    });
    await new Promise((resolve) => udp.bind(rtpPort, "127.0.0.1", resolve));
    const ffmpeg = spawn(
      "ffmpeg",
      [
        ...["-nostdin", "-v", "error", "-re", "-stream_loop", "-1", "-i", clip, "-c", "copy", "-an"],
        ...["-payload_type", "102", "-f", "rtp", "-pkt_size", "1200", `rtp://127.0.0.1:${rtpPort}`],
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    children.push(ffmpeg);
    await new Promise((resolve) => setTimeout(resolve, 3000));

    // Viewer processes on the other core, filled up to `perProcess` each.
    const processes = [];
    const snapshot = async () => {
      const all = await Promise.all(
        processes.map(
          (p) =>
            new Promise((resolve) => {
              p.pending.push(resolve);
              p.child.stdin.write("snap\n");
            }),
        ),
      );
      return all.flat();
    };
    const addViewer = (url) => {
      let p = processes.at(-1);
      if (!p || p.count >= perProcess) {
        const child = spawn("taskset", ["-c", values["load-core"], process.execPath, "scripts/bench-live-webrtc.mjs", "--viewer"], {
          stdio: ["pipe", "pipe", "inherit"],
        });
        children.push(child);
        p = { child, count: 0, pending: [] };
        const entry = p;
        createInterface({ input: child.stdout }).on("line", (line) => entry.pending.shift()?.(JSON.parse(line)));
        processes.push(p);
      }
      p.count++;
      p.child.stdin.write(`add ${base}${url}\n`);
    };
    const loadPids = () => processes.map((p) => p.child.pid);
    const cpuOfAll = (pids) =>
      pids.reduce((sum, pid) => {
        try {
          // taskset execs node: the child's pid is the node process.
          return sum + cpuSeconds(pid);
        } catch {
          return sum;
        }
      }, 0);

    console.info(
      `720p H.264 at ${FPS} fps, ~2.5 Mbit/s; app pinned to core ${values["app-core"]}, viewers (werift, ${perProcess} per process) on core ${values["load-core"]}; ${stepSeconds} s per step`,
    );
    console.info(
      "| viewers | app CPU % | app CPU µs per delivered packet | frames per viewer per s (mean / worst) | sent fps | drop % | lost packets | load CPU % | first frame p95 ms | load avg |",
    );
    console.info("|---:|---:|---:|---|---:|---:|---:|---:|---:|---|");
    let dropped = 0;
    let added = 0;
    const results = [];
    for (const target of steps) {
      while (added < target) addViewer(ready.wheps[added++]);
      // Wait until every viewer is connected and receiving (at most 30 s), then let it settle.
      const until = Date.now() + 30_000;
      let counters = await snapshot();
      while (Date.now() < until && counters.filter((c) => c.frames > 0).length < target) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        counters = await snapshot();
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const before = await snapshot();
      const sentBefore = { ...sent };
      const appBefore = cpuSeconds(ready.pid);
      const loadBefore = cpuOfAll(loadPids());
      const t0 = performance.now();
      await new Promise((resolve) => setTimeout(resolve, stepSeconds * 1000));
      const after = await snapshot();
      const elapsed = (performance.now() - t0) / 1000;
      const appCpu = cpuSeconds(ready.pid) - appBefore;
      const loadCpu = cpuOfAll(loadPids()) - loadBefore;
      const sentFps = (sent.frames - sentBefore.frames) / elapsed;
      const rates = after.map((c, i) => (c.frames - (before[i]?.frames ?? 0)) / elapsed);
      const gaps = after.reduce((sum, c, i) => sum + c.gaps - (before[i]?.gaps ?? 0), 0);
      // Packets the app sent to viewers, retransmissions included (CPU it spent).
      const delivered = after.reduce((sum, c, i) => sum + c.packets - (before[i]?.packets ?? 0), 0);
      const sentPps = (sent.packets - sentBefore.packets) / elapsed;
      // What carries over to a quiet machine: the app's CPU per packet it delivered (the fixed part included).
      const perPacketUs = delivered > 0 ? (appCpu / delivered) * 1e6 : NaN;
      const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
      const worst = Math.min(...rates);
      const firstFrames = after
        .map((c) => c.firstFrameMs)
        .filter((ms) => ms !== null)
        .sort((a, b) => a - b);
      const p95 = firstFrames.length ? firstFrames[Math.min(firstFrames.length - 1, Math.floor(firstFrames.length * 0.95))] : "–";
      const errors = after.filter((c) => c.error);
      const drop = Math.max(0, (1 - mean / sentFps) * 100);
      const failed = worst < 0.95 * sentFps || gaps > 0 || errors.length > 0;
      results.push({
        viewers: target,
        appCpuPct: (appCpu / elapsed) * 100,
        cpuPerSecond: appCpu / elapsed,
        deliveredPerSecond: delivered / elapsed,
        sentPps,
        failed,
      });
      console.info(
        `| ${target} | ${((appCpu / elapsed) * 100).toFixed(0)} | ${perPacketUs.toFixed(1)} | ${mean.toFixed(1)} / ${worst.toFixed(1)} | ${sentFps.toFixed(1)} | ${drop.toFixed(1)} | ${gaps} | ${((loadCpu / elapsed) * 100).toFixed(0)} | ${p95} | ${load()} |${errors.length ? ` errors ${errors.length}: ${errors[0].error}` : ""}`,
      );
      if (failed && ++dropped >= 2 && !values["all-steps"]) break;
    }
    const carried = results.filter((r) => !r.failed).at(-1);
    console.info(
      carried
        ? `carried without drops: ${carried.viewers} viewers at ${carried.appCpuPct.toFixed(0)} % of the app's core`
        : "frames dropped at the first step",
    );
    // The app's CPU as a fixed part (the producer, the HLS writer's feed, timers) plus a cost per packet it sends to
    // a viewer, fitted over the steps (least squares): what one whole core carries at this stream's packet rate.
    if (results.length >= 2) {
      const xs = results.map((r) => r.deliveredPerSecond);
      const ys = results.map((r) => r.cpuPerSecond);
      const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
      const my = ys.reduce((a, b) => a + b, 0) / ys.length;
      const perPacket = xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i] - my), 0) / xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
      const fixed = my - perPacket * mx;
      const pps = results.reduce((sum, r) => sum + r.sentPps, 0) / results.length;
      const fullCore = (1 - fixed) / (perPacket * pps);
      console.info(
        `fit: fixed ${(fixed * 100).toFixed(1)} % of a core + ${(perPacket * 1e6).toFixed(1)} µs per packet sent to a viewer; at ${pps.toFixed(0)} packets a second per viewer one whole core carries ${fullCore.toFixed(0)} viewers (70 %: ${((0.7 - fixed) / (perPacket * pps)).toFixed(0)})`,
      );
    }
    console.info(`load average at end: ${load()} (${new Date().toISOString()})`);
    udp.close();
    await publisher.close();
  } finally {
    stopAll();
  }
  process.exit(0);
}

/** Ends a child and, when it leads a process group (the app), everything it started. */
function killGroup(child) {
  try {
    process.kill(child.spawnargs.includes("--serve") ? -child.pid : child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
