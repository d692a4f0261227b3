import { describe, expect, it } from "vitest";
import { GUEST_MAX_AGE, guestPage, memberView, noStore, privateAnswer, privatePage } from "~/utils/cache-headers";

/** Issue 8 item 2: the web tier's Cache-Control policies, each written once. */
describe("cache policies", () => {
  it("say what shared caches and browsers may keep", () => {
    expect(noStore()).toEqual({ "Cache-Control": "no-store" });
    expect(privatePage()).toEqual({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });
    expect(privateAnswer()).toEqual({ "Cache-Control": "private, no-store" });
    expect(memberView()).toEqual({ "Cache-Control": "private, no-cache", Vary: "Cookie" });
    expect(guestPage(GUEST_MAX_AGE.profile, { revalidate: true, varyCookie: true })).toEqual({
      "Cache-Control": "public, max-age=60, must-revalidate",
      Vary: "Cookie",
    });
    expect(guestPage(GUEST_MAX_AGE.static, { staleWhileRevalidateSeconds: 86_400 })).toEqual({
      "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
    });
  });
});
