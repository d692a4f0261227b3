/**
 * One ffmpeg per live stream (ADR 125): reads the producer's media — RTP over UDP on loopback from werift (described
 * by an SDP file), or an RTMP URL of the in-process ingest — and writes a rolling HLS playlist of short MPEG-TS
 * segments. With a recording, the segments that left the playlist stay on disk: together they are the recording,
 * which the remux job joins into an MP4 (one encoder pass for both, no second output to keep in step).
 * Video is copied when it is H.264 (what HLS in MPEG-TS carries); VP8 from a browser without H.264 is encoded.
 * Audio (Opus from browsers, AAC from OBS) becomes AAC. ffmpeg is Debian's, called with spawn (COMPONENTS.md).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export type VideoCodec = "H264" | "VP8";

/** A forwarded RTP stream: the codec the producer negotiated and the payload type its packets carry. */
export interface RtpInput {
  video: { codec: VideoCodec; payloadType: number; port: number } | null;
  audio: { payloadType: number; port: number; channels: number } | null;
}

export interface HlsWriterOptions {
  /** Folder of the playlist and its segments. */
  hlsDir: string;
  /** Keep every segment (the recording) instead of deleting those that left the playlist. */
  keepSegments: boolean;
  segmentSeconds: number;
  /** The first segment's number: a producer who reconnects continues the playlist instead of restarting it. */
  startNumber: number;
  onExit?: (code: number | null) => void;
  onLog?: (line: string) => void;
}

export const PLAYLIST_NAME = "index.m3u8";
/** ffmpeg's segment names, which the serving route accepts and nothing else. */
export const SEGMENT_PATTERN = /^seg-\d{5,9}\.ts$/;

/**
 * The fewest segments a live playlist is served with (ADR 145). Chromium's native HLS player — the no-JavaScript watch
 * page's, and the page's own player where the browser plays HLS — fails a live playlist (no #EXT-X-ENDLIST) that lists
 * fewer than three segments with DEMUXER_ERROR_COULD_NOT_PARSE and does not retry; from three on it plays. RFC 8216
 * 6.3.3 likewise has players start at least three target durations from the end. Until ffmpeg has written three, the
 * playlist answers as before its first segment (404); ffmpeg's output itself is unchanged.
 */
export const HLS_MIN_LIVE_SEGMENTS = 3;

/** How many segments a playlist lists. */
export function listedSegmentCount(playlist: string): number {
  let count = 0;
  for (const line of playlist.split("\n")) if (SEGMENT_PATTERN.test(line.trim())) count += 1;
  return count;
}

/** The SDP ffmpeg reads the forwarded RTP with (loopback ports; no RTCP is forwarded). */
export function rtpSdp(input: RtpInput): string {
  const lines = ["v=0", "o=- 0 0 IN IP4 127.0.0.1", "s=velora-live", "c=IN IP4 127.0.0.1", "t=0 0"];
  if (input.video) {
    const { payloadType: pt, port, codec } = input.video;
    lines.push(`m=video ${port} RTP/AVP ${pt}`, `a=rtpmap:${pt} ${codec}/90000`);
    if (codec === "H264") lines.push(`a=fmtp:${pt} packetization-mode=1`);
  }
  if (input.audio) {
    const { payloadType: pt, port, channels } = input.audio;
    lines.push(`m=audio ${port} RTP/AVP ${pt}`, `a=rtpmap:${pt} opus/48000/${channels}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

function outputArgs(videoCodec: VideoCodec | "copy", hasAudio: boolean, segmentSeconds: number): { video: string[]; audio: string[] } {
  const video =
    videoCodec === "VP8"
      ? // Encoding only when the browser sent VP8: fast, a key frame per segment, no B-frames (low latency).
        ["-c:v", "libx264", "-preset", "veryfast", "-tune", "zerolatency", "-g", String(30 * segmentSeconds), "-pix_fmt", "yuv420p"]
      : ["-c:v", "copy"];
  const audio = hasAudio ? ["-c:a", "aac", "-b:a", "96k", "-ar", "48000"] : [];
  return { video, audio };
}

function hlsArgs(options: HlsWriterOptions): string[] {
  return [
    "-f",
    "hls",
    "-hls_time",
    String(options.segmentSeconds),
    // A rolling window of a few segments: a player starts near the live edge; older segments are deleted from disk.
    "-hls_list_size",
    "6",
    "-hls_delete_threshold",
    "4",
    "-hls_flags",
    `${options.keepSegments ? "" : "delete_segments+"}independent_segments+omit_endlist+discont_start+temp_file`,
    "-start_number",
    String(options.startNumber),
    "-hls_segment_filename",
    join(options.hlsDir, "seg-%05d.ts"),
    join(options.hlsDir, PLAYLIST_NAME),
  ];
}

/** ffmpeg logs errors only: its warnings about RTP timestamps come with every packet of a browser's stream. */
function spawnFfmpeg(args: string[], options: HlsWriterOptions): ChildProcess {
  const child = spawn("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
  let tail = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-2000);
    const lines = tail.split("\n");
    tail = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) options.onLog?.(line.trim());
  });
  child.on("error", (error) => options.onLog?.(`ffmpeg could not start: ${error.message}`));
  child.on("exit", (code) => options.onExit?.(code));
  return child;
}

/** ffmpeg reading the forwarded RTP. */
export function startRtpHlsWriter(input: RtpInput, options: HlsWriterOptions & { sdpPath: string }): ChildProcess {
  writeFileSync(options.sdpPath, rtpSdp(input));
  const codecs = outputArgs(input.video?.codec ?? "copy", input.audio !== null, options.segmentSeconds);
  const args = [
    "-nostdin",
    "-hide_banner",
    "-loglevel",
    "error",
    "-protocol_whitelist",
    "file,udp,rtp",
    // Packets may arrive out of order on a busy machine; a small queue puts them back in order.
    "-reorder_queue_size",
    "200",
    "-fflags",
    "+genpts",
    "-analyzeduration",
    "2000000",
    "-i",
    options.sdpPath,
    ...(input.video ? ["-map", "0:v:0"] : []),
    ...(input.audio ? ["-map", "0:a:0"] : []),
    ...codecs.video,
    ...codecs.audio,
    ...hlsArgs(options),
  ];
  return spawnFfmpeg(args, options);
}

/** ffmpeg pulling an RTMP publish from the in-process ingest (OBS sends H.264 and AAC: both copied). */
export function startRtmpHlsWriter(url: string, options: HlsWriterOptions): ChildProcess {
  const args = [
    "-nostdin",
    "-hide_banner",
    "-loglevel",
    "error",
    "-i",
    url,
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    "-c",
    "copy",
    ...hlsArgs(options),
  ];
  return spawnFfmpeg(args, options);
}

/**
 * Stops ffmpeg so it closes the segment it writes, killing it if it lingers: an RTP input whose packets stopped
 * blocks ffmpeg's read, and it never sees the signal (the unfinished segment is a .tmp file, not listed).
 */
export function stopFfmpeg(child: ChildProcess, graceMs = 1500): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    // SIGINT: ffmpeg writes its trailers and the last segment, as after "q" on its console.
    child.kill("SIGINT");
  });
}
