import { describe, expect, it } from "vitest";
import { GUEST_MAX_AGE, guestPage, memberView, noStore, privateAnswer, privatePage } from "~/utils/cache-headers";

/** Issue 8 item 2: the web tier's Cache-Control policies, each written once. */
describe("cache policies", () => {
  it("say what shared caches and browsers may keep", () => {
    expect(noStore()).toEqual({ "Cache-Control": "no-store" });
    expect(privatePage()).toEqual({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
    expect(privateAnswer()).toEqual({ "Cache-Control": "private, no-store" });
    expect(memberView()).toEqual({ "Cache-Control": "private, no-cache", Vary: "Cookie" });
    // A page with a signed-in variant: shared caches keep it, browsers revalidate; no Vary: Cookie (ADR 143).
    expect(guestPage(GUEST_MAX_AGE.profile, { revalidate: true, signedInView: true })).toEqual({
      "Cache-Control": "public, max-age=0, s-maxage=60, must-revalidate",
    });
    expect(guestPage(GUEST_MAX_AGE.page)).toEqual({ "Cache-Control": "public, max-age=300" });
    expect(guestPage(GUEST_MAX_AGE.static, { staleWhileRevalidateSeconds: 86_400 })).toEqual({
      "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
    });
  });
});
