/**
 * The live-video engine (ADR 125): one per process (per API instance in tests), created on first use. Per live
 * stream it holds the producer (a werift peer connection from the browser, or an RTMP publish of the in-process
 * ingest), one ffmpeg writing HLS (whose segments are the recording), and the WebRTC viewers werift forwards the
 * producer's RTP to. It knows nothing of members or access: the live module admits viewers and reports what the
 * engine sees (producer packets, viewer counts) through the hooks.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createSocket, type Socket } from "node:dgram";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { LiveVideoConfig } from "./config";
import {
  PLAYLIST_NAME,
  SEGMENT_PATTERN,
  startRtmpHlsWriter,
  startRtpHlsWriter,
  stopFfmpeg,
  type RtpInput,
  type VideoCodec,
} from "./hls-writer";
import { freeRtpPort } from "./ports";
import { RtmpIngest } from "./rtmp";
import {
  answerOffer,
  negotiatedCodec,
  peerConnection,
  preferredVideoCodec,
  type MediaStreamTrack,
  type RTCPeerConnection,
  type RTCRtpTransceiver,
} from "./webrtc";

export interface LiveVideoHooks {
  /** The producer's media arrived in the last few seconds (called every PRESENCE_INTERVAL_MS while it flows). */
  producerSeen(streamId: number): Promise<void>;
  /** Viewers now (WebRTC plus HLS players seen in the last HLS_VIEWER_WINDOW_MS), when it changed. */
  viewers(streamId: number, count: number): Promise<void>;
  log(level: "info" | "warn", message: string, fields?: Record<string, unknown>): void;
}

export const PRESENCE_INTERVAL_MS = 5_000;
/** An HLS player asks for the playlist every segment; one silent this long has left. */
export const HLS_VIEWER_WINDOW_MS = 15_000;

interface Viewer {
  pc: RTCPeerConnection;
  video: RTCRtpTransceiver | null;
  audio: RTCRtpTransceiver | null;
}

interface Producer {
  resource: string;
  kind: "whip" | "rtmp";
  pc: RTCPeerConnection | null;
  ffmpeg: ChildProcess | null;
  udp: Socket | null;
  requestKeyFrame: () => void;
}

interface Session {
  streamId: number;
  dir: string;
  hlsDir: string;
  record: boolean;
  producer: Producer | null;
  viewers: Map<string, Viewer>;
  hlsViewers: Map<number, number>;
  lastMediaAt: number;
  reportedViewers: number;
  videoCodec: VideoCodec | null;
  keyFrameTimer: NodeJS.Timeout | null;
}

export type ViewAnswer = { answer: string; resource: string } | "no_producer" | "capacity";

export class LiveVideoEngine {
  private readonly sessions = new Map<number, Session>();
  private readonly timer: NodeJS.Timeout;
  private rtmp: RtmpIngest | null = null;

  constructor(
    readonly config: LiveVideoConfig,
    private readonly hooks: LiveVideoHooks,
  ) {
    mkdirSync(config.dir, { recursive: true });
    this.timer = setInterval(() => void this.report(), PRESENCE_INTERVAL_MS);
    this.timer.unref();
  }

  private session(streamId: number, record: boolean): Session {
    let session = this.sessions.get(streamId);
    if (!session) {
      const dir = join(this.config.dir, String(streamId));
      const hlsDir = join(dir, "hls");
      mkdirSync(hlsDir, { recursive: true });
      session = {
        streamId,
        dir,
        hlsDir,
        record,
        producer: null,
        viewers: new Map(),
        hlsViewers: new Map(),
        lastMediaAt: 0,
        reportedViewers: -1,
        videoCodec: null,
        keyFrameTimer: null,
      };
      this.sessions.set(streamId, session);
    }
    session.record = record;
    return session;
  }

  /** The next segment number after what the playlist folder holds (a reconnecting producer continues it). */
  private nextSegment(session: Session): number {
    const numbers = readdirSync(session.hlsDir)
      .filter((name) => SEGMENT_PATTERN.test(name))
      .map((name) => Number(name.slice(4, -3)));
    return numbers.length > 0 ? Math.max(...numbers) + 1 : 0;
  }

  /** A producer's WHIP offer: answers it, forwards the media to ffmpeg and the viewers; replaces an earlier producer. */
  async publishWhip(streamId: number, offer: string, options: { record: boolean }): Promise<{ answer: string; resource: string }> {
    const session = this.session(streamId, options.record);
    await this.dropProducer(session);
    const pc = peerConnection(this.config.iceAddresses, preferredVideoCodec(offer));
    const resource = randomBytes(12).toString("base64url");
    // werift announces the remote tracks while it applies the offer: collect them until the forwarding is set up.
    const early: MediaStreamTrack[] = [];
    let onTrack: (track: MediaStreamTrack) => void = (track) => early.push(track);
    pc.onTrack.subscribe((track) => onTrack(track));
    let answer: string;
    try {
      answer = await answerOffer(pc, offer);
    } catch (error) {
      await pc.close();
      throw error;
    }
    const transceivers = pc.getTransceivers();
    const videoT = transceivers.find((t) => t.kind === "video" && negotiatedCodec(t));
    const audioT = transceivers.find((t) => t.kind === "audio" && negotiatedCodec(t));
    const videoCodec = videoT ? negotiatedCodec(videoT)! : null;
    const audioCodec = audioT ? negotiatedCodec(audioT)! : null;
    const codec: VideoCodec | null = videoCodec ? (videoCodec.mimeType.toUpperCase().endsWith("H264") ? "H264" : "VP8") : null;
    session.videoCodec = codec;

    const udp = createSocket("udp4");
    const input: RtpInput = {
      video: videoCodec && codec ? { codec, payloadType: videoCodec.payloadType, port: await freeRtpPort() } : null,
      audio: audioCodec ? { payloadType: audioCodec.payloadType, port: await freeRtpPort(), channels: audioCodec.channels ?? 2 } : null,
    };
    const producer: Producer = { resource, kind: "whip", pc, ffmpeg: null, udp, requestKeyFrame: () => {} };
    session.producer = producer;
    producer.ffmpeg = startRtpHlsWriter(input, {
      hlsDir: session.hlsDir,
      sdpPath: join(session.dir, "input.sdp"),
      keepSegments: session.record,
      segmentSeconds: this.config.segmentSeconds,
      startNumber: this.nextSegment(session),
      onLog: (line) => this.hooks.log("warn", "live ffmpeg", { streamId, line }),
      onExit: (code) => this.hooks.log("info", "live ffmpeg exited", { streamId, code }),
    });

    onTrack = (track) => {
      const target = track.kind === "video" ? input.video : input.audio;
      if (track.kind === "video") {
        const transceiver = pc.getTransceivers().find((t) => t.receiver.tracks.includes(track));
        // HLS cuts segments at key frames and a new viewer starts on one: ask the browser for one each segment.
        producer.requestKeyFrame = () => {
          if (track.ssrc !== undefined) void transceiver?.receiver.sendRtcpPLI(track.ssrc).catch(() => {});
        };
      }
      track.onReceiveRtp.subscribe((rtp) => {
        session.lastMediaAt = Date.now();
        const packet = rtp.serialize();
        if (target) udp.send(packet, target.port, "127.0.0.1");
        for (const viewer of session.viewers.values()) {
          const sender = (track.kind === "video" ? viewer.video : viewer.audio)?.sender;
          // Each viewer's sender rewrites the header (its SSRC, payload type): it gets its own copy of the packet.
          if (sender) void sender.sendRtp(Buffer.from(packet)).catch(() => {});
        }
      });
    };
    early.splice(0).forEach(onTrack);
    this.startKeyFrames(session);
    pc.connectionStateChange.subscribe((state) => {
      if ((state === "failed" || state === "closed") && session.producer === producer) {
        this.hooks.log("info", "live producer connection ended", { streamId, state });
      }
    });
    return { answer, resource };
  }

  private startKeyFrames(session: Session): void {
    if (session.keyFrameTimer) clearInterval(session.keyFrameTimer);
    session.keyFrameTimer = setInterval(() => session.producer?.requestKeyFrame(), this.config.segmentSeconds * 1000);
    session.keyFrameTimer.unref();
  }

  /**
   * Starts the RTMP ingest (config.rtmpPort; the tests pass port 0 for a free one). `authorize` turns a publish's
   * stream key into the stream it feeds, or refuses it.
   */
  async startRtmp(
    authorize: (key: string) => Promise<{ streamId: number; record: boolean } | null>,
    port = this.config.rtmpPort,
  ): Promise<void> {
    if (this.rtmp) return;
    const records = new Map<number, boolean>();
    const ingest = new RtmpIngest(
      { port, host: this.config.rtmpHost },
      {
        authorize: async (key) => {
          const target = await authorize(key);
          if (target) records.set(target.streamId, target.record);
          return target?.streamId ?? null;
        },
        started: (streamId, localUrl) => void this.attachRtmp(streamId, localUrl, { record: records.get(streamId) ?? false }),
        ended: (streamId) => void this.endProducer(streamId),
        log: this.hooks.log,
      },
    );
    await ingest.start();
    this.rtmp = ingest;
  }

  /** The RTMP ingest's port, 0 when it is off. */
  rtmpPort(): number {
    return this.rtmp?.port() ?? 0;
  }

  /** An RTMP publish authenticated by the live module: ffmpeg pulls it from the loopback ingest and writes HLS. */
  attachRtmp(streamId: number, localUrl: string, options: { record: boolean }): string {
    const session = this.session(streamId, options.record);
    void this.dropProducer(session);
    const resource = randomBytes(12).toString("base64url");
    const producer: Producer = { resource, kind: "rtmp", pc: null, ffmpeg: null, udp: null, requestKeyFrame: () => {} };
    producer.ffmpeg = startRtmpHlsWriter(localUrl, {
      hlsDir: session.hlsDir,
      keepSegments: session.record,
      segmentSeconds: this.config.segmentSeconds,
      startNumber: this.nextSegment(session),
      onLog: (line) => this.hooks.log("warn", "live ffmpeg", { streamId, line }),
      onExit: (code) => this.hooks.log("info", "live ffmpeg exited", { streamId, code }),
    });
    session.producer = producer;
    session.lastMediaAt = Date.now();
    return resource;
  }

  /** The producer left (WHIP DELETE, RTMP disconnect): the stream stays live until its creator stops it or 60 s pass. */
  async endProducer(streamId: number, resource?: string): Promise<boolean> {
    const session = this.sessions.get(streamId);
    if (!session?.producer || (resource !== undefined && session.producer.resource !== resource)) return false;
    await this.dropProducer(session);
    return true;
  }

  private async dropProducer(session: Session): Promise<void> {
    const producer = session.producer;
    if (!producer) return;
    session.producer = null;
    producer.udp?.close();
    await Promise.all([producer.pc?.close(), producer.ffmpeg ? stopFfmpeg(producer.ffmpeg) : undefined]);
  }

  hasProducer(streamId: number): boolean {
    return Boolean(this.sessions.get(streamId)?.producer);
  }

  /** WebRTC viewers of the stream now. */
  webrtcViewers(streamId: number): number {
    return this.sessions.get(streamId)?.viewers.size ?? 0;
  }

  /** Whether a new viewer would still get WebRTC (a browser producer, and room under the cap). */
  acceptsWebrtcViewer(streamId: number): boolean {
    const session = this.sessions.get(streamId);
    return session?.producer?.kind === "whip" && session.viewers.size < this.config.maxWebrtcViewers;
  }

  /** A viewer's WHEP offer, answered with the producer's tracks. */
  async view(streamId: number, offer: string): Promise<ViewAnswer> {
    const session = this.sessions.get(streamId);
    if (!session?.producer || session.producer.kind !== "whip") return "no_producer";
    if (session.viewers.size >= this.config.maxWebrtcViewers) return "capacity";
    const pc = peerConnection(this.config.iceAddresses, session.videoCodec ?? "H264");
    const resource = randomBytes(12).toString("base64url");
    let answer: string;
    try {
      // The viewer's offer asks to receive: werift's transceivers made from it send (the producer's packets).
      answer = await answerOffer(pc, offer, () => {
        for (const transceiver of pc.getTransceivers()) transceiver.setDirection("sendonly");
      });
    } catch (error) {
      await pc.close();
      throw error;
    }
    const transceivers = pc.getTransceivers();
    const viewer: Viewer = {
      pc,
      video: transceivers.find((t) => t.kind === "video") ?? null,
      audio: transceivers.find((t) => t.kind === "audio") ?? null,
    };
    session.viewers.set(resource, viewer);
    pc.connectionStateChange.subscribe((state) => {
      if (state === "connected") session.producer?.requestKeyFrame();
      if (state === "failed" || state === "closed" || state === "disconnected") void this.endView(streamId, resource);
    });
    return { answer, resource };
  }

  async endView(streamId: number, resource: string): Promise<boolean> {
    const session = this.sessions.get(streamId);
    const viewer = session?.viewers.get(resource);
    if (!session || !viewer) return false;
    session.viewers.delete(resource);
    await viewer.pc.close();
    return true;
  }

  /** An admitted member fetched the HLS playlist (counts as a viewer for HLS_VIEWER_WINDOW_MS). */
  noteHlsViewer(streamId: number, viewerId: number): void {
    this.sessions.get(streamId)?.hlsViewers.set(viewerId, Date.now());
  }

  /** A file of the stream's HLS output (playlist or segment), or null when the name is not one or it is gone. */
  hlsFile(streamId: number, name: string): string | null {
    if (name !== PLAYLIST_NAME && !SEGMENT_PATTERN.test(name)) return null;
    const path = join(this.config.dir, String(streamId), "hls", name);
    return existsSync(path) ? path : null;
  }

  /** The stream's working folder (a recording's segments lie in its hls folder until the remux job stores them). */
  streamDir(streamId: number): string {
    return join(this.config.dir, String(streamId));
  }

  /** Stops everything of the stream; removes its folder, or keeps the segments (the recording) without the playlist. */
  async stop(streamId: number, options: { keepRecording: boolean }): Promise<void> {
    const session = this.sessions.get(streamId);
    this.rtmp?.drop(streamId);
    if (session) {
      this.sessions.delete(streamId);
      if (session.keyFrameTimer) clearInterval(session.keyFrameTimer);
      await this.dropProducer(session);
      await Promise.all([...session.viewers.values()].map((viewer) => viewer.pc.close()));
      session.viewers.clear();
    }
    const dir = this.streamDir(streamId);
    if (!options.keepRecording) rmSync(dir, { recursive: true, force: true });
    else for (const name of [join("hls", PLAYLIST_NAME), "input.sdp"]) rmSync(join(dir, name), { force: true });
  }

  private async report(): Promise<void> {
    const now = Date.now();
    for (const session of this.sessions.values()) {
      try {
        // A connected RTMP publish is a present producer (node-media-server drops a publisher that stops sending).
        if (session.producer?.kind === "rtmp" && this.rtmp?.publishing(session.streamId)) session.lastMediaAt = now;
        if (session.producer && now - session.lastMediaAt < PRESENCE_INTERVAL_MS * 2) await this.hooks.producerSeen(session.streamId);
        for (const [viewerId, seen] of session.hlsViewers) if (now - seen > HLS_VIEWER_WINDOW_MS) session.hlsViewers.delete(viewerId);
        const count = session.viewers.size + session.hlsViewers.size;
        if (count !== session.reportedViewers) {
          session.reportedViewers = count;
          await this.hooks.viewers(session.streamId, count);
        }
      } catch (error) {
        this.hooks.log("warn", "live report failed", { streamId: session.streamId, error: String(error) });
      }
    }
  }

  /** Server shutdown: every producer, viewer and ffmpeg ends; the folders stay for the recordings. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.rtmp?.close();
    this.rtmp = null;
    await Promise.all(
      [...this.sessions.values()].map(async (session) => {
        if (session.keyFrameTimer) clearInterval(session.keyFrameTimer);
        await this.dropProducer(session);
        await Promise.all([...session.viewers.values()].map((viewer) => viewer.pc.close()));
      }),
    );
    this.sessions.clear();
  }
}
