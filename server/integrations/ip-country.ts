/**
 * The country of a client's IP address, one piece of the VAT location evidence (issue 26, ADR 088). The data is the
 * "geo-whois-asn-country" MMDB of ip-location-db (GeoFeed, then the five RIRs' WHOIS, then their ASN data), read with
 * `maxmind`. The file is opened once per process and path, on the first lookup; lookups are then in memory.
 * A private, reserved or unparseable address, or one the database does not know, has no country (null).
 */
import { createRequire } from "node:module";
import { Reader, type Response } from "maxmind";
import { readFile } from "node:fs/promises";
import { isPublicAddress } from "../lib/network";

interface CountryRecord extends Record<string, unknown> {
  country_code?: string;
}

/** The database the package ships (IP_COUNTRY_DB points elsewhere, e.g. a fresher download: ADR 088). */
export function bundledIpCountryDatabase(): string {
  return createRequire(import.meta.url).resolve("@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb");
}

const readers = new Map<string, Promise<Reader<CountryRecord & Response> | null>>();

function readerFor(path: string, onError: (err: unknown) => void): Promise<Reader<CountryRecord & Response> | null> {
  let reader = readers.get(path);
  if (!reader) {
    reader = readFile(path).then(
      (bytes) => new Reader<CountryRecord & Response>(bytes),
      (err: unknown) => {
        // A missing or broken file costs the evidence, never a checkout; said once per process.
        onError(err);
        return null;
      },
    );
    readers.set(path, reader);
  }
  return reader;
}

/** "::ffff:193.99.144.80" (how Node reports IPv4 peers on a dual-stack socket) is looked up as the IPv4 address. */
function unmapped(address: string): string {
  const lower = address.trim().toLowerCase();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/.test(lower) ? lower.slice(7) : lower;
}

/** ISO 3166-1 alpha-2 of `address`, or null (private, unknown, or a pseudo-code such as "EU" or "ZZ"). */
export async function ipCountryOf(
  path: string,
  address: string | null | undefined,
  onError: (err: unknown) => void = () => {},
): Promise<string | null> {
  if (!address) return null;
  const ip = unmapped(address);
  if (!isPublicAddress(ip)) return null;
  const reader = await readerFor(path, onError);
  const code = reader?.get(ip)?.country_code?.toUpperCase() ?? null;
  return code && /^[A-Z]{2}$/.test(code) && code !== "EU" && code !== "ZZ" ? code : null;
}
