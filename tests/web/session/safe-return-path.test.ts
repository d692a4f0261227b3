/**
 * safeReturnPath: the ?r= after login may only lead back into this site, and
 * never to the login page itself (that would loop).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeReturnPath } from "~/utils/forms.server";

const ORIGIN = "https://velora.example";

describe("safeReturnPath", () => {
  it.each(["/de/my_dashboard", "/de/search?city=berlin&tags=a&tags=b", "/en/profile/anna#reviews", "/de"])(
    "accepts the same-site path %s",
    (path) => {
      expect(safeReturnPath(path, "de")).toBe(path);
    },
  );

  it.each([
    ["another origin", "https://evil.example/de"],
    ["a protocol-relative URL", "//evil.example/de"],
    ["a protocol-relative URL behind a dot segment", "/.//evil.example/de"],
    ["a protocol-relative URL behind a parent segment", "/x/..//evil.example"],
    ["a backslash trick", "/\\evil.example"],
    ["a tab the URL parser drops", "/\t/evil.example"],
    ["a newline the URL parser drops", "/\n/evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "de/my_dashboard"],
    ["empty", ""],
    ["the login page", "/de/login"],
    ["the login page with a query", "/de/login?r=%2Fde"],
    ["the login page in other case", "/DE/Login"],
    ["the login page behind a dot segment", "/de/./login"],
    ["the login page behind a parent segment", "/de/x/../login"],
  ])("rejects %s", (_name, value) => {
    expect(safeReturnPath(value, "de")).toBeNull();
  });

  it.each([
    ["/de/€x", "/de/%E2%82%ACx"],
    ["/de/p/äöü?q=ł#ß", "/de/p/%C3%A4%C3%B6%C3%BC?q=%C5%82#%C3%9F"],
    ["/de/x/../my_dashboard", "/de/my_dashboard"],
  ])("hands back %s as the ASCII path the browser would request (%s)", (value, expected) => {
    expect(safeReturnPath(value, "de")).toBe(expected);
  });

  it("rejects non-strings (a File from a form)", () => {
    expect(safeReturnPath(null, "de")).toBeNull();
    expect(safeReturnPath(undefined, "de")).toBeNull();
    expect(safeReturnPath(new File(["x"], "r.txt"), "de")).toBeNull();
  });

  it("property: whatever it accepts resolves to this site's origin and is not the login page", () => {
    const tricky = fc.oneof(
      fc.string(),
      fc.string({
        unit: fc.constantFrom(
          "/",
          "\\",
          ".",
          ":",
          "@",
          "\t",
          "\n",
          "\r",
          " ",
          "%",
          "#",
          "?",
          "e",
          "v",
          "l",
          "o",
          "g",
          "i",
          "n",
          "d",
          "D",
          "L",
        ),
      }),
      fc.webUrl().map((url) => url.replace(/^https?:/, "")),
      fc.webPath(),
      fc.string({ unit: "grapheme" }).map((s) => `/de/${s}`),
    );
    fc.assert(
      fc.property(tricky, (value) => {
        const accepted = safeReturnPath(value, "de");
        if (accepted === null) return;
        // Always usable as a redirect target: a Location header takes only Latin-1, and ours is ASCII.
        expect(accepted).toMatch(/^[\x21-\x7e]+$/);
        expect(() => new Headers({ Location: accepted })).not.toThrow();
        const resolved = new URL(accepted, ORIGIN);
        expect(resolved.origin).toBe(ORIGIN);
        expect(resolved.pathname.toLowerCase().startsWith("/de/login")).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
