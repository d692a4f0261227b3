/**
 * isPublicAddress (server/lib/network.ts, ADR 057): the addresses a server-side request may reach. Every
 * special-use block refuses, in IPv4, IPv6 and IPv4 hidden in IPv6; ordinary public addresses pass.
 */
import { describe, expect, it } from "vitest";
import { addressBytes, isPublicAddress } from "#server/lib/network";

describe("isPublicAddress", () => {
  it("refuses private, loopback, link-local, CGNAT, multicast, unspecified and other special-use IPv4", () => {
    for (const address of [
      "0.0.0.0",
      "0.1.2.3",
      "10.0.0.1",
      "10.255.255.255",
      "100.64.0.1",
      "100.127.255.254",
      "127.0.0.1",
      "127.8.9.10",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.0.0.8",
      "192.0.2.1",
      "192.88.99.1",
      "192.168.0.1",
      "198.18.0.1",
      "198.19.255.255",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.1",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });

  it("refuses IPv6 outside global unicast, its special blocks, and IPv4 hidden in IPv6 that would be refused", () => {
    for (const address of [
      "::",
      "::1",
      "0:0:0:0:0:0:0:1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "fec0::1",
      "ff02::1",
      "100::1",
      "2001::1", // Teredo
      "2001:db8::1",
      "2002:7f00:1::1", // 6to4
      "3fff::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::ffff:10.0.0.1",
      "::127.0.0.1", // IPv4-compatible (deprecated)
      "64:ff9b::10.0.0.1", // NAT64 of a private address
      "64:ff9b:1::1", // local-use NAT64
      "not an address",
      "",
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });

  it("lets public unicast through, IPv4 in NAT64 or mapped form included", () => {
    for (const address of [
      "8.8.8.8",
      "142.250.185.74",
      "100.63.255.255",
      "100.128.0.1",
      "172.15.255.255",
      "172.32.0.1",
      "192.169.0.1",
      "2a00:1450:4001:82b::200a",
      "2001:4860:4860::8888",
      "2620:fe::fe",
      "::ffff:8.8.8.8",
      "64:ff9b::8.8.8.8",
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
  });

  it("reads addresses as bytes, with :: and a dotted IPv4 tail", () => {
    expect(addressBytes("10.1.2.3")).toEqual([10, 1, 2, 3]);
    expect(addressBytes("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4]);
    expect(addressBytes("2001:db8::1")).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(addressBytes("fcm.googleapis.com")).toBeNull();
  });
});
