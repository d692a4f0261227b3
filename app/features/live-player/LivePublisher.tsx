/**
 * Going live from the browser (issue 31 item 1, ADR 125): with JavaScript, the camera's preview, then a WHIP publish
 * to the address the stream's page got (creator only) and a stop button. Without JavaScript a browser cannot send
 * video: the server-rendered text says so and points to OBS with the stream key (/live/keys).
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import * as ui from "~/styles/ui.css";
import * as css from "./live-player.css";
import { endSession, exchangeSdp } from "./whep-client";

export interface LivePublisherProps {
  /** The WHIP address (livePublishUrl); null for an RTMP stream. */
  whip: string | null;
  /** The stream keys page, for the no-JavaScript hint and RTMP streams. */
  keysHref: string;
}

type Phase = "idle" | "preview" | "starting" | "live" | "failed" | "denied";

export function LivePublisher({ whip, keysHref }: LivePublisherProps) {
  const { t } = useTranslation("live-media");
  const [scripted, setScripted] = useState(false);
  const [phase, setPhase] = useState<Phase>("idle");
  const video = useRef<HTMLVideoElement>(null);
  const media = useRef<MediaStream | null>(null);
  const session = useRef<{ pc: RTCPeerConnection; resource: string | null } | null>(null);

  useEffect(() => {
    setScripted(
      typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia) && typeof RTCPeerConnection !== "undefined",
    );
    return () => {
      if (session.current) {
        endSession(session.current.resource);
        session.current.pc.close();
      }
      media.current?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const preview = async () => {
    try {
      media.current = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 }, audio: true });
      if (video.current) video.current.srcObject = media.current;
      setPhase("preview");
    } catch {
      setPhase("denied");
    }
  };

  const start = async () => {
    if (!whip || !media.current) return;
    setPhase("starting");
    const pc = new RTCPeerConnection();
    for (const track of media.current.getTracks()) pc.addTransceiver(track, { direction: "sendonly" });
    try {
      const resource = await exchangeSdp(pc, whip);
      session.current = { pc, resource };
      setPhase("live");
    } catch {
      pc.close();
      setPhase("failed");
    }
  };

  const stop = () => {
    if (session.current) {
      endSession(session.current.resource);
      session.current.pc.close();
      session.current = null;
    }
    setPhase("preview");
  };

  if (!whip) {
    return (
      <section className={css.publisher} aria-label={t("live_media.publisher.heading")}>
        <p>{t("live_media.publisher.rtmp_stream")}</p>
        <a className={ui.button} href={keysHref}>
          {t("live_media.publisher.keys_link")}
        </a>
      </section>
    );
  }

  return (
    <section className={css.publisher} aria-label={t("live_media.publisher.heading")} data-phase={phase}>
      {!scripted ? (
        // Server render and browsers without camera access from scripts.
        <div className={css.publisher}>
          <p>{t("live_media.publisher.needs_js")}</p>
          <a className={ui.button} href={keysHref}>
            {t("live_media.publisher.keys_link")}
          </a>
        </div>
      ) : (
        <>
          <video ref={video} className={css.video} autoPlay muted playsInline aria-label={t("live_media.publisher.preview")} />
          <p role="status">{t(`live_media.publisher.phase_${phase}`)}</p>
          <div className={css.actions}>
            {phase === "idle" || phase === "denied" ? (
              <button type="button" className={ui.button} onClick={() => void preview()}>
                {t("live_media.publisher.camera")}
              </button>
            ) : null}
            {phase === "preview" || phase === "failed" ? (
              <button type="button" className={ui.button} onClick={() => void start()} data-testid="live-publish-start">
                {t("live_media.publisher.start")}
              </button>
            ) : null}
            {phase === "live" || phase === "starting" ? (
              <button type="button" className={ui.button} onClick={stop}>
                {t("live_media.publisher.stop")}
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
