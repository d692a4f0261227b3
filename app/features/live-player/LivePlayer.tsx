/**
 * The live player (issue 31 item 2, ADR 125). Without JavaScript: a native <video> playing the HLS playlist (Safari,
 * Chromium, Android play it) and a visible link to the playlist for browsers that cannot (a desktop Firefox hands it
 * to a media player). With JavaScript: WebRTC over WHEP when the page got a `whep` address (under a second of delay),
 * else — or when WHEP is refused (no room, no browser producer) — HLS, natively or through hls.js, which is loaded
 * only here and only where native HLS is missing.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import * as css from "./live-player.css";
import { endSession, exchangeSdp } from "./whep-client";

export interface LivePlayerProps {
  hls: string;
  whep: string | null;
  title: string;
}

type Mode = "hls" | "webrtc";

const HLS_TYPE = "application/vnd.apple.mpegurl";

/** A player whose playlist was not served yet (404 before its third segment) tries again this often, this many times. */
const PLAYLIST_RETRY_MS = 2_000;
const PLAYLIST_RETRIES = 15;

export function LivePlayer({ hls, whep, title }: LivePlayerProps) {
  const { t } = useTranslation("live-media");
  const video = useRef<HTMLVideoElement>(null);
  const [mode, setMode] = useState<Mode>("hls");

  useEffect(() => {
    const element = video.current;
    if (!element) return;
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
      setMode("hls");
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
      setMode("webrtc");
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
  }, [hls, whep]);

  return (
    <figure className={css.figure} data-mode={mode}>
      <video ref={video} className={css.video} src={hls} controls autoPlay muted playsInline aria-label={title} data-testid="live-video">
        <a href={hls}>{t("live_media.player.playlist_link")}</a>
      </video>
      <figcaption className={css.caption}>
        <span>{t(mode === "webrtc" ? "live_media.player.mode_webrtc" : "live_media.player.mode_hls")}</span>{" "}
        <a className={css.link} href={hls}>
          {t("live_media.player.playlist_link")}
        </a>
        <span className={css.hint}>{t("live_media.player.playlist_hint")}</span>
      </figcaption>
    </figure>
  );
}
