/** The way back a header's login and sign-up links carry (issue 25 item 3): app/utils/return-path.ts returnPathHere. */
import { describe, expect, it } from "vitest";
import { returnPathHere, withReturnPath } from "~/utils/return-path";

const at = (url: string) => {
  const parsed = new URL(url, "http://velora.test");
  return { pathname: parsed.pathname, search: parsed.search };
};

describe("returnPathHere", () => {
  it("is the page itself, with its query", () => {
    expect(returnPathHere(at("/de/p/lena"))).toBe("/de/p/lena");
    expect(returnPathHere(at("/de/escorts?city=de-berlin&radius=20"))).toBe("/de/escorts?city=de-berlin&radius=20");
  });

  it("is the r a prompt gave the page (the sign-up chooser, the verification page), not the page", () => {
    expect(returnPathHere(at(`/de/join/user?r=${encodeURIComponent("/de/p/lena")}`))).toBe("/de/p/lena");
    expect(returnPathHere(at(`/de/join/user/email?r=${encodeURIComponent("/de/p/lena?tab=1")}`))).toBe("/de/p/lena?tab=1");
    // The login page's own way back stays on its header's sign-up link.
    expect(returnPathHere(at(`/de/login?r=${encodeURIComponent("/de/p/lena")}`))).toBe("/de/p/lena");
  });

  it("passes on no other site's address, and never the login or a registration page itself", () => {
    expect(returnPathHere(at(`/de/join/user?r=${encodeURIComponent("https://evil.example/")}`))).toBeNull();
    expect(returnPathHere(at(`/de/join/user?r=${encodeURIComponent("//evil.example/")}`))).toBeNull();
    expect(returnPathHere(at("/de/join/user"))).toBeNull();
    expect(returnPathHere(at("/de/join/user/sign-up?type=client"))).toBeNull();
    expect(returnPathHere(at("/DE/LOGIN"))).toBeNull();
  });

  it("goes into a link as one encoded parameter", () => {
    expect(withReturnPath("/de/login", returnPathHere(at("/de/escorts?city=de-berlin&radius=20")))).toBe(
      `/de/login?r=${encodeURIComponent("/de/escorts?city=de-berlin&radius=20")}`,
    );
  });
});
