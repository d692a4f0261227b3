import { isIP } from "node:net";

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback (::ffff:127.x.y.z): a peer on this machine. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const unmapped = address.toLowerCase().startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(unmapped) === 4) return unmapped.startsWith("127.");
  return isIP(unmapped) === 6 && (unmapped === "::1" || unmapped === "0:0:0:0:0:0:0:1");
}

/** An address as bytes (4 for IPv4, 16 for IPv6), or null when it is not a plain IP address (a zone id included). */
export function addressBytes(address: string): number[] | null {
  const kind = isIP(address);
  if (kind === 4) return address.split(".").map(Number);
  if (kind !== 6 || address.includes("%")) return null;
  let text = address.toLowerCase();
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  const words = tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

type Range = { bytes: number[]; bits: number };
const range = (cidr: string): Range => {
  const [address, bits] = cidr.split("/");
  return { bytes: addressBytes(address!)!, bits: Number(bits) };
};
function inRange(bytes: number[], { bytes: prefix, bits }: Range): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (prefix[bit / 8]! & mask)) return false;
  }
  return true;
}

/**
 * IPv4 blocks that are not public unicast (IANA's IPv4 Special-Purpose Address Registry, RFC 6890 and its updates,
 * plus multicast and the reserved 240/4 with the broadcast address).
 */
const IPV4_NOT_PUBLIC = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT (shared address space)
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local (cloud metadata services live here)
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation
  "192.88.99.0/24", // 6to4 relay anycast (deprecated)
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation
  "203.0.113.0/24", // documentation
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, and 255.255.255.255
].map(range);

/** IPv6 public unicast lives in 2000::/3; everything else (::, ::1, fc00::/7, fe80::/10, ff00::/8, …) is not. */
const IPV6_GLOBAL_UNICAST = range("2000::/3");
/** Special-purpose blocks inside 2000::/3 (IANA's IPv6 Special-Purpose Address Registry). */
const IPV6_SPECIAL_IN_GLOBAL = [
  "2001::/23", // IETF protocol assignments: Teredo, benchmarking, ORCHID, …
  "2001:db8::/32", // documentation
  "2002::/16", // 6to4 (deprecated; it embeds an IPv4 address of either kind)
  "3fff::/20", // documentation
].map(range);
/** IPv6 forms that carry an IPv4 address in their last 32 bits: judged by that address. */
const IPV6_EMBEDDING_IPV4 = [
  "::ffff:0:0/96", // IPv4-mapped
  "64:ff9b::/96", // NAT64 well-known prefix (a DNS64 resolver answers these for IPv4-only names)
].map(range);

/**
 * Whether a server-side request may connect to this address: public unicast only. Private, loopback, link-local,
 * unique-local, carrier-grade NAT, multicast, unspecified, documentation and other special-use addresses are not,
 * and neither is an IPv4 address hidden in IPv6 (mapped, NAT64) that would not be. Anything unparseable is not.
 */
export function isPublicAddress(address: string): boolean {
  const bytes = addressBytes(address);
  if (!bytes) return false;
  if (bytes.length === 4) return !IPV4_NOT_PUBLIC.some((block) => inRange(bytes, block));
  const embedding = IPV6_EMBEDDING_IPV4.find((block) => inRange(bytes, block));
  if (embedding) return isPublicAddress(bytes.slice(12).join("."));
  return inRange(bytes, IPV6_GLOBAL_UNICAST) && !IPV6_SPECIAL_IN_GLOBAL.some((block) => inRange(bytes, block));
}
