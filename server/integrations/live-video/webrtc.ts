/**
 * werift in the process (ADR 125): answers a producer's WHIP offer and viewers' WHEP offers. Only H.264 (or VP8 when a
 * browser has no H.264) and Opus are negotiated, so ffmpeg can copy the video into HLS and every viewer decodes what
 * the producer sends without a transcode.
 */
// werift's codec builders are named like React hooks; renamed here so nobody mistakes them for one.
import {
  RTCPeerConnection,
  useH264 as h264Codec,
  useNACK as nackFeedback,
  useOPUS as opusCodec,
  usePLI as pliFeedback,
  useVP8 as vp8Codec,
  type MediaStreamTrack,
  type RTCRtpCodecParameters,
  type RTCRtpTransceiver,
} from "werift";

/** How long gathering local ICE candidates may take before the answer goes out with what it has. */
const GATHER_TIMEOUT_MS = 3_000;

/** H.264 when the offer has it (ffmpeg copies it into HLS), else VP8 (encoded for HLS). */
export function preferredVideoCodec(offer: string): "H264" | "VP8" {
  return /a=rtpmap:\d+ H264\/90000/i.test(offer) ? "H264" : "VP8";
}

/**
 * A peer connection offering one video codec: werift answers in the offer's order, and Chromium offers VP8 first, so
 * a list of both would pick VP8 (an encoder pass in ffmpeg per stream); viewers get the producer's codec.
 */
export function peerConnection(iceAddresses: string[], video: "H264" | "VP8"): RTCPeerConnection {
  const feedback = [nackFeedback(), pliFeedback()];
  return new RTCPeerConnection({
    codecs: {
      video: [
        video === "H264"
          ? h264Codec({ rtcpFeedback: feedback, parameters: "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f" })
          : vp8Codec({ rtcpFeedback: feedback }),
      ],
      audio: [opusCodec()],
    },
    iceAdditionalHostAddresses: iceAddresses.length > 0 ? iceAddresses : undefined,
  });
}

/**
 * Sets the local answer and waits for the candidates, so one HTTP answer carries everything (no trickle ICE).
 * The app answers as the DTLS server (`a=setup:passive`): werift's DTLS client fails the handshake when a ClientHello
 * was retransmitted (its peer answered slower than 500 ms: a loaded process, a long path) and the peer's second
 * HelloVerifyRequest arrives — it throws on a flight it has already sent. Its server answers repeated flights again,
 * and browsers as DTLS clients handle them (docs/performance.md "Live video: WebRTC viewers", ADR 129).
 */
export async function answerOffer(pc: RTCPeerConnection, offer: string, prepare?: () => void): Promise<string> {
  await pc.setRemoteDescription({ type: "offer", sdp: offer });
  prepare?.();
  // An offer that insists on being the server (`a=setup:passive`) keeps werift the client.
  if (!/^a=setup:passive/m.test(offer)) for (const transport of pc.dtlsTransports) transport.role = "server";
  await pc.setLocalDescription(await pc.createAnswer());
  if (pc.iceGatheringState !== "complete") {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
      const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
        if (state !== "complete") return;
        clearTimeout(timer);
        unSubscribe();
        resolve();
      });
    });
  }
  return pc.localDescription!.sdp;
}

/** The codec a transceiver negotiated (the first of the answer's list). */
export function negotiatedCodec(transceiver: RTCRtpTransceiver): RTCRtpCodecParameters | undefined {
  return transceiver.codecs[0];
}

export type { MediaStreamTrack, RTCPeerConnection, RTCRtpTransceiver };
