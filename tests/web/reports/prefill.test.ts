import { describe, expect, it } from "vitest";
import { prefilledLocation } from "~/features/reports/prefill";

describe("the notice form's prefilled address", () => {
  it("takes a path on this site and puts the public origin before it", () => {
    expect(prefilledLocation("https://velora.example", "/de/p/lena_27")).toBe("https://velora.example/de/p/lena_27");
  });

  it("ignores anything that is not a path here: other hosts, protocol-relative addresses, very long values", () => {
    for (const location of [null, "", "https://evil.example/x", "//evil.example/x", "javascript:alert(1)", `/${"x".repeat(600)}`])
      expect(prefilledLocation("https://velora.example", location), String(location)).toBe("");
  });
});
