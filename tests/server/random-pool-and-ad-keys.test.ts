/**
 * ADR 179: per-response tokens cut from one random pool (each byte serves one token), and the ad zone's frequency key
 * remembered per day and visitor: the same key an HMAC of that day and visitor gives, never another day's or secret's.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { viewerKeyOf } from "#server/modules/ads/index";
import { signSeen, verifySeen } from "#server/modules/ads/seen";
import { randomText } from "#server/lib/random-pool";

describe("the random pool", () => {
  it("gives fresh bytes to every token, in either encoding, across many refills", () => {
    const tokens = Array.from({ length: 3_000 }, (_, i) => randomText(16, i % 2 ? "base64" : "base64url"));
    expect(new Set(tokens.map((token) => Buffer.from(token, "base64").toString("hex"))).size).toBe(tokens.length);
    for (const [i, token] of tokens.entries()) {
      expect(Buffer.from(token, i % 2 ? "base64" : "base64url")).toHaveLength(16);
      if (i % 2 === 0) expect(token).toMatch(/^[\w-]{22}$/);
    }
    // Larger than the pool: drawn directly.
    expect(Buffer.from(randomText(5_000, "base64"), "base64")).toHaveLength(5_000);
  });

  it("gives every ad pixel its own nonce, and the signature still verifies", () => {
    const tokens = Array.from({ length: 600 }, () => signSeen("secret", 7, 20_000));
    expect(new Set(tokens.map((token) => token.split(".")[1])).size).toBe(tokens.length);
    for (const token of tokens.slice(0, 20)) expect(verifySeen("secret", 7, token, 20_000)).not.toBeNull();
  });
});

describe("the ad zone's frequency key", () => {
  const expected = (secret: string, day: number, visitor: string) => {
    const purpose = createHmac("sha256", secret).update("ads-frequency/v1").digest();
    return createHmac("sha256", purpose).update(`${day}:${visitor}`).digest("base64url").slice(0, 32);
  };

  it("is the HMAC of the day and the visitor under the secret's purpose key, asked once or again, interleaved", () => {
    const asks: Array<[string, number, string]> = [
      ["s1", 20_000, "visitor-a"],
      ["s1", 20_000, "visitor-b"],
      ["s1", 20_001, "visitor-a"],
      ["s2", 20_001, "visitor-a"],
      ["s1", 20_000, "visitor-a"],
    ];
    for (let round = 0; round < 2; round++)
      for (const [secret, day, visitor] of asks) expect(viewerKeyOf(secret, day, visitor)).toBe(expected(secret, day, visitor));
    expect(viewerKeyOf("s1", 20_000, "visitor-a")).not.toBe(viewerKeyOf("s1", 20_001, "visitor-a"));
    expect(viewerKeyOf("s1", 20_000, "visitor-a")).not.toBe(viewerKeyOf("s2", 20_000, "visitor-a"));
  });

  it("stays right past the memo's bound", () => {
    for (let i = 0; i < 20_050; i++) viewerKeyOf("s1", 20_002, `v${i}`);
    expect(viewerKeyOf("s1", 20_002, "v3")).toBe(expected("s1", 20_002, "v3"));
    expect(viewerKeyOf("s1", 20_002, "v20049")).toBe(expected("s1", 20_002, "v20049"));
  });
});
