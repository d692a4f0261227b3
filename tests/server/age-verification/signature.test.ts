/**
 * The age-verification webhook signature (issue 30 item 1, ADR 105): HMAC-SHA256 over timestamp, nonce and body;
 * anything changed, missing, malformed or outside the replay window is refused. Nonce reuse is the module's store's
 * concern (tests/api/age-verification), but the nonce must be signed: swapping it breaks the signature.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventOfBody } from "#server/integrations/age-verification/port";
import { signWebhook, verifyWebhook } from "#server/integrations/age-verification/signature";

const SECRET = "a-shared-secret-of-the-provider";
const NOW_MS = 1_800_000_000_000;
const NOW_S = NOW_MS / 1000;
const BODY = JSON.stringify({ reference: "r".repeat(32), outcome: "verified", age_over_18: true, txn_id: "tx-1" });
const NONCE = "n0nce-of-sixteen-chars";

describe("age-verification webhook signatures", () => {
  it("accepts its own signature and returns the signed timestamp and nonce", () => {
    const header = signWebhook(SECRET, BODY, NOW_S, NONCE);
    expect(header).toBe(`t=${NOW_S},n=${NONCE},v1=${createHmac("sha256", SECRET).update(`${NOW_S}.${NONCE}.${BODY}`).digest("hex")}`);
    expect(verifyWebhook(SECRET, BODY, header, NOW_MS, 300)).toEqual({ ok: true, timestamp: NOW_S, nonce: NONCE });
  });

  it("refuses another secret, a changed body, a swapped nonce or timestamp", () => {
    const header = signWebhook(SECRET, BODY, NOW_S, NONCE);
    expect(verifyWebhook("another-secret-entirely", BODY, header, NOW_MS, 300)).toEqual({ ok: false, verdict: "mismatch" });
    expect(verifyWebhook(SECRET, BODY.replace("verified", "declined"), header, NOW_MS, 300)).toEqual({ ok: false, verdict: "mismatch" });
    expect(verifyWebhook(SECRET, BODY, header.replace(NONCE, "another-nonce-0123"), NOW_MS, 300)).toEqual({
      ok: false,
      verdict: "mismatch",
    });
    expect(verifyWebhook(SECRET, BODY, header.replace(`t=${NOW_S}`, `t=${NOW_S + 1}`), NOW_MS, 300)).toEqual({
      ok: false,
      verdict: "mismatch",
    });
  });

  it("refuses a missing or malformed header", () => {
    expect(verifyWebhook(SECRET, BODY, undefined, NOW_MS, 300)).toEqual({ ok: false, verdict: "missing" });
    for (const header of [
      "",
      "garbage",
      `t=${NOW_S},v1=${"a".repeat(64)}`,
      `t=${NOW_S},n=short,v1=${"a".repeat(64)}`,
      `t=x,n=${NONCE},v1=${"a".repeat(64)}`,
      `t=${NOW_S},n=${NONCE},v1=ABC`,
    ])
      expect(verifyWebhook(SECRET, BODY, header, NOW_MS, 300)).toEqual({ ok: false, verdict: header === "" ? "missing" : "malformed" });
  });

  it("refuses messages outside the replay window, in both directions, and accepts them at its edge", () => {
    const old = signWebhook(SECRET, BODY, NOW_S - 301, NONCE);
    const future = signWebhook(SECRET, BODY, NOW_S + 301, NONCE);
    const edge = signWebhook(SECRET, BODY, NOW_S - 300, NONCE);
    expect(verifyWebhook(SECRET, BODY, old, NOW_MS, 300)).toEqual({ ok: false, verdict: "stale" });
    expect(verifyWebhook(SECRET, BODY, future, NOW_MS, 300)).toEqual({ ok: false, verdict: "stale" });
    expect(verifyWebhook(SECRET, BODY, edge, NOW_MS, 300).ok).toBe(true);
  });

  it("reads only the bodies a provider sends, and counts 'verified' without the age statement as declined", () => {
    expect(eventOfBody("fake", BODY, NONCE)).toEqual({
      provider: "fake",
      reference: "r".repeat(32),
      outcome: "verified",
      nonce: NONCE,
      providerTxnId: "tx-1",
    });
    expect(eventOfBody("fake", BODY.replace("true", "false"), NONCE)?.outcome).toBe("declined");
    for (const body of [
      "",
      "null",
      "[]",
      "{}",
      '{"reference":"short","outcome":"verified","age_over_18":true,"txn_id":"x"}',
      BODY.replace('"verified"', '"maybe"'),
    ])
      expect(eventOfBody("fake", body, NONCE)).toBeNull();
  });
});
