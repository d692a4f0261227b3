/**
 * The browser side of WHIP and WHEP (ADR 125): one SDP offer posted to the address the page got, the answer set,
 * no trickle ICE (the server answers with its candidates). Only in the browser: the player and the publisher call it
 * from effects, never during the server render.
 */
const SDP = "application/sdp";

/** Waits until the offer carries the local candidates (at most `timeoutMs`). */
function gathered(pc: RTCPeerConnection, timeoutMs = 2000): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState !== "complete") return;
      clearTimeout(timer);
      resolve();
    });
  });
}

export class SdpExchangeError extends Error {
  constructor(readonly status: number) {
    super(`SDP exchange answered ${status}`);
  }
}

/** Posts the peer's offer; returns the resource address to DELETE when done. */
export async function exchangeSdp(pc: RTCPeerConnection, endpoint: string): Promise<string | null> {
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": SDP },
    body: pc.localDescription!.sdp,
    credentials: "same-origin",
  });
  if (response.status !== 201) throw new SdpExchangeError(response.status);
  await pc.setRemoteDescription({ type: "answer", sdp: await response.text() });
  return response.headers.get("Location");
}

/** Ends a WHIP/WHEP session (best effort: the server also notices the connection closing). */
export function endSession(resource: string | null): void {
  if (resource) void fetch(resource, { method: "DELETE", credentials: "same-origin", keepalive: true }).catch(() => {});
}
