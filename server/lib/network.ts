import { isIP } from "node:net";

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.y.z): a peer on this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const unmapped = address.toLowerCase().startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(unmapped) === 4) return unmapped.startsWith("127.");
  return isIP(unmapped) === 6 && (unmapped === "::1" || unmapped === "0:0:0:0:0:0:0:1");
}
