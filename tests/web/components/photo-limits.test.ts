/**
 * The photo pickers' hint values come from the page's loader (ADR 174): the limits the API enforces
 * (contract/image-limits), in the page's language.
 */
import { describe, expect, it } from "vitest";
import { photoLimitsIn } from "~/components/form/photo-limits.server";

describe("photoLimitsIn", () => {
  it("gives the enforced limits as the language writes them", () => {
    expect(photoLimitsIn("de")).toEqual({ minSize: "50 kB", maxSize: "20 MB", width: "200", megapixels: "50", count: 16 });
    expect(photoLimitsIn("en")).toEqual({ minSize: "50 kB", maxSize: "20 MB", width: "200", megapixels: "50", count: 16 });
    expect(photoLimitsIn("pl")).toEqual({ minSize: "50 kB", maxSize: "20 MB", width: "200", megapixels: "50", count: 16 });
  });
});
