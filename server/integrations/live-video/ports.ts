import { createSocket } from "node:dgram";

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket("udp4");
    socket.once("error", () => {
      socket.close();
      resolve(false);
    });
    socket.bind(port, "127.0.0.1", () => socket.close(() => resolve(true)));
  });
}

/**
 * An even loopback UDP port whose odd neighbour is free too: ffmpeg's RTP input binds the port and the next one
 * (RTCP). Checked by binding; ffmpeg binds it a moment later (a race with another process is retried by the caller).
 */
export async function freeRtpPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + 2 * Math.floor(Math.random() * 20_000);
    if ((await bindable(port)) && (await bindable(port + 1))) return port;
  }
  throw new Error("no free UDP port pair for ffmpeg");
}
