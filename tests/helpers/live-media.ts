/**
 * Live video test parties (ADR 125): a producer that is a werift peer sending ffmpeg's H.264 test pattern (what a
 * browser's WHIP publish does), a werift viewer counting the packets it receives (a WHEP player), an OBS-like ffmpeg
 * pushing RTMP, and a stream row as the streams part would write it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createSocket } from "node:dgram";
// werift's codec builders are named like React hooks; renamed so the hooks rule does not mistake them.
import { RTCPeerConnection, MediaStreamTrack, useH264 as h264Codec, useOPUS as opusCodec } from "werift";
import type { LiveAudience, LiveIngest } from "#server/contract/live";
import type { TestRuntime } from "./runtime";

export async function insertStream(
  rt: TestRuntime,
  creatorId: number,
  options: { state?: "live" | "scheduled"; ingest?: LiveIngest; audience?: LiveAudience; record?: boolean } = {},
): Promise<number> {
  const now = rt.clock.now();
  const row = await rt.deps.db
    .insertInto("live_streams")
    .values({
      creator_id: creatorId,
      title: "Test stream",
      category: "chat",
      audience: options.audience ?? "logged_in",
      price: null,
      ingest: options.ingest ?? "browser",
      state: options.state ?? "live",
      record: options.record ? 1 : 0,
      city_id: null,
      scheduled_at: null,
      started_at: options.state === "scheduled" ? null : now,
      producer_seen_at: options.state === "scheduled" ? null : now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function gathered(pc: RTCPeerConnection): Promise<string> {
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== "complete") {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3000);
      pc.iceGatheringStateChange.subscribe((state) => {
        if (state === "complete") {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }
  return pc.localDescription!.sdp;
}

export interface TestPublisher {
  pc: RTCPeerConnection;
  offer: string;
  accept(answer: string): Promise<void>;
  close(): Promise<void>;
}

/** A WHIP producer: werift sending ffmpeg's live-encoded test pattern (H.264 baseline, a key frame a second). */
export async function testPublisher(): Promise<TestPublisher> {
  const pc = new RTCPeerConnection({ codecs: { video: [h264Codec()], audio: [opusCodec()] }, iceAdditionalHostAddresses: ["127.0.0.1"] });
  const track = new MediaStreamTrack({ kind: "video" });
  pc.addTransceiver(track, { direction: "sendonly" });
  const udp = createSocket("udp4");
  await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
  udp.on("message", (packet) => track.writeRtp(packet));
  let ffmpeg: ChildProcess | null = null;
  const offer = await gathered(pc);
  return {
    pc,
    offer,
    async accept(answer) {
      await pc.setRemoteDescription({ type: "answer", sdp: answer });
      ffmpeg = spawn(
        "ffmpeg",
        [
          ...["-nostdin", "-v", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25"],
          ...[
            "-c:v",
            "libx264",
            "-profile:v",
            "baseline",
            "-preset",
            "ultrafast",
            "-tune",
            "zerolatency",
            "-g",
            "25",
            "-pix_fmt",
            "yuv420p",
          ],
          // SPS/PPS before every key frame, as browsers send them: a viewer or ffmpeg joining late can decode.
          ...["-bsf:v", "dump_extra=freq=keyframe"],
          ...["-f", "rtp", "-payload_type", "96", "-pkt_size", "1200", `rtp://127.0.0.1:${udp.address().port}`],
        ],
        { stdio: "ignore" },
      );
    },
    async close() {
      ffmpeg?.kill("SIGKILL");
      udp.close();
      await pc.close();
    },
  };
}

export interface TestViewer {
  offer: string;
  packets: () => number;
  accept(answer: string): Promise<void>;
  close(): Promise<void>;
}

/** A WHEP viewer: werift receiving video, counting the RTP packets that arrive. */
export async function testViewer(): Promise<TestViewer> {
  const pc = new RTCPeerConnection({ codecs: { video: [h264Codec()], audio: [opusCodec()] }, iceAdditionalHostAddresses: ["127.0.0.1"] });
  pc.addTransceiver("video", { direction: "recvonly" });
  let packets = 0;
  pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => (packets += 1)));
  const offer = await gathered(pc);
  return {
    offer,
    packets: () => packets,
    accept: (answer) => pc.setRemoteDescription({ type: "answer", sdp: answer }),
    close: () => pc.close(),
  };
}

/** OBS stand-in: ffmpeg pushing a test pattern with a tone over RTMP; resolves `exited` with its exit code. */
export function rtmpPusher(url: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(
    "ffmpeg",
    [
      ...["-nostdin", "-v", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25", "-f", "lavfi", "-i", "sine=frequency=440"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac"],
      ...["-f", "flv", url],
    ],
    { stdio: "ignore" },
  );
  return { child, exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))) };
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
