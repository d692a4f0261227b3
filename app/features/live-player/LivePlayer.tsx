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
import type { PlayerMode } from "./play";

export interface LivePlayerProps {
  hls: string;
  whep: string | null;
  title: string;
}

export function LivePlayer({ hls, whep, title }: LivePlayerProps) {
  const { t } = useTranslation("live-media");
  const video = useRef<HTMLVideoElement>(null);
  const [mode, setMode] = useState<PlayerMode>("hls");

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // The server's <video> plays the HLS by itself meanwhile; the rest (WebRTC, hls.js, retries) is a chunk (ADR 168).
    let gone = false;
    let stop = () => {};
    import("./play").then(
      ({ startPlayer }) => {
        if (!gone) stop = startPlayer(element, { hls, whep, onMode: setMode });
      },
      // Not loaded (offline, a new build): the native player stays as the server drew it.
      () => undefined,
    );
    return () => {
      gone = true;
      stop();
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
