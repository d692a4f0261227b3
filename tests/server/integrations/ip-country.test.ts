/**
 * The IP country for the VAT evidence (ADR 088), against the packaged database itself. The public addresses are
 * checked in that file (node -e with maxmind's Reader): 193.99.144.80 (heise, Hannover) and 2003::1 (Deutsche Telekom's
 * IPv6 block) are DE, 212.77.98.9 (Wirtualna Polska) is PL, 8.8.8.8 is US. Private, loopback, documentation and
 * garbage addresses have no country, and neither has an unreadable database (the checkout goes on without it).
 */
import { describe, expect, it } from "vitest";
import { bundledIpCountryDatabase, ipCountryOf } from "#server/integrations/ip-country";

const db = bundledIpCountryDatabase();

describe("ipCountryOf", () => {
  it("names the country of public addresses of German and Polish networks, IPv4 and IPv6", async () => {
    expect(await ipCountryOf(db, "193.99.144.80")).toBe("DE");
    expect(await ipCountryOf(db, "2003::1")).toBe("DE");
    expect(await ipCountryOf(db, "212.77.98.9")).toBe("PL");
    expect(await ipCountryOf(db, "8.8.8.8")).toBe("US");
  });

  it("reads an IPv4 peer in its IPv6-mapped form (a dual-stack socket) as the IPv4 address", async () => {
    expect(await ipCountryOf(db, "::ffff:212.77.98.9")).toBe("PL");
  });

  it("gives null for private, loopback, documentation, empty and unparseable addresses", async () => {
    for (const address of [
      "10.1.2.3",
      "192.168.0.7",
      "127.0.0.1",
      "::1",
      "fd00::1",
      "203.0.113.10",
      "0.0.0.0",
      "",
      null,
      "not an ip",
      "1.2.3",
    ]) {
      expect(await ipCountryOf(db, address)).toBeNull();
    }
  });

  it("gives null when the database cannot be read, and says so once", async () => {
    const errors: unknown[] = [];
    const path = "/nonexistent/ip-country.mmdb";
    expect(await ipCountryOf(path, "193.99.144.80", (err) => errors.push(err))).toBeNull();
    expect(await ipCountryOf(path, "212.77.98.9", (err) => errors.push(err))).toBeNull();
    expect(errors).toHaveLength(1);
  });
});
