/**
 * The live player's script (issue 31 item 2, ADR 125), started on the server's <video> once the page is hydrated: WebRTC
 * over WHEP when the page got a `whep` address (under a second of delay), else — or when WHEP is refused — HLS,
 * natively or through hls.js (loaded only where native HLS is missing), and the retries of a playlist not served yet.
 * A chunk of its own (ADR 168): until it runs, the native <video> plays the HLS playlist as without JavaScript.
 */
import { endSession, exchangeSdp } from "./whep-client";

export type PlayerMode = "hls" | "webrtc";

const HLS_TYPE = "application/vnd.apple.mpegurl";

/** A player whose playlist was not served yet (404 before its third segment) tries again this often, this many times. */
const PLAYLIST_RETRY_MS = 2_000;
const PLAYLIST_RETRIES = 15;

/** Starts playing `hls` / `whep` in `element`; `onMode` hears which one plays. Returns the stop. */
export function startPlayer(
  element: HTMLVideoElement,
  { hls, whep, onMode }: { hls: string; whep: string | null; onMode: (mode: PlayerMode) => void },
): () => void {
  let stopped = false;
  let cleanup = () => {};
  // The playlist answers 404 until it lists three segments (ADR 145): the native player, which gives up on an error,
  // is given the playlist again a little later (not while WebRTC plays).
  let nativeTries = 0;
  let nativeTimer: ReturnType<typeof setTimeout> | undefined;
  const retryNative = () => {
    if (stopped || element.srcObject || nativeTries++ >= PLAYLIST_RETRIES) return;
    nativeTimer = setTimeout(() => {
      if (stopped || element.srcObject) return;
      element.src = hls;
      void element.play().catch(() => {});
    }, PLAYLIST_RETRY_MS);
  };
  if (element.canPlayType(HLS_TYPE)) {
    element.addEventListener("error", retryNative);
    // It may have failed before the page hydrated.
    if (element.error) retryNative();
  }

  const playHls = async () => {
    if (stopped) return;
    onMode("hls");
    element.srcObject = null;
    if (element.canPlayType(HLS_TYPE)) {
      element.src = hls;
      void element.play().catch(() => {});
      return;
    }
    const { default: Hls } = await import("hls.js");
    if (stopped || !Hls.isSupported()) return;
    const player = new Hls({ lowLatencyMode: true, liveSyncDurationCount: 2 });
    // hls.js does not retry a 404 playlist: load it again while the stream's first segments are written.
    let tries = 0;
    player.on(Hls.Events.ERROR, (_event, error) => {
      if (!error.fatal || error.type !== Hls.ErrorTypes.NETWORK_ERROR || tries++ >= PLAYLIST_RETRIES) return;
      setTimeout(() => !stopped && player.loadSource(hls), PLAYLIST_RETRY_MS);
    });
    player.loadSource(hls);
    player.attachMedia(element);
    cleanup = () => player.destroy();
  };

  const playWebrtc = async (endpoint: string) => {
    const pc = new RTCPeerConnection();
    pc.addTransceiver("video", { direction: "recvonly" });
    pc.addTransceiver("audio", { direction: "recvonly" });
    const stream = new MediaStream();
    pc.addEventListener("track", (event) => stream.addTrack(event.track));
    let resource: string | null = null;
    cleanup = () => {
      endSession(resource);
      pc.close();
    };
    try {
      resource = await exchangeSdp(pc, endpoint);
    } catch {
      cleanup();
      cleanup = () => {};
      return playHls();
    }
    if (stopped) return cleanup();
    // The native <video> had started the HLS: WebRTC replaces it.
    element.removeAttribute("src");
    element.srcObject = stream;
    onMode("webrtc");
    void element.play().catch(() => {});
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") {
        cleanup();
        cleanup = () => {};
        void playHls();
      }
    });
  };

  if (whep && typeof RTCPeerConnection !== "undefined") void playWebrtc(whep);
  else if (!element.canPlayType(HLS_TYPE)) void playHls();

  return () => {
    stopped = true;
    clearTimeout(nativeTimer);
    element.removeEventListener("error", retryNative);
    cleanup();
  };
}
