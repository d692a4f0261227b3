/** seo_guide's levels come from the directory sitemap (ADR 138): counts per level and one example chain. */
import { describe, expect, it } from "vitest";
import { guideLevels } from "~/features/directory/seo-guide.server";

const entry = (path: string, lastModified = 1) => ({ path, lastModified });

describe("guideLevels", () => {
  it("counts each level's pages and takes the newest deepest page with its parents as the examples", () => {
    const levels = guideLevels([
      entry("escort"),
      entry("escort/deutschland"),
      entry("escort/deutschland/berlin"),
      entry("escort/deutschland/berlin/berlin"),
      entry("escort/deutschland/hamburg/hamburg"),
      entry("escort/deutschland/berlin/berlin/mitte", 5),
      entry("escort/deutschland/hamburg/hamburg/st-pauli", 9),
    ]);
    expect(levels).toEqual([
      { level: "category", pages: 1, example: "escort" },
      { level: "country", pages: 1, example: "escort/deutschland" },
      { level: "region", pages: 1, example: "escort/deutschland/hamburg" },
      { level: "city", pages: 2, example: "escort/deutschland/hamburg/hamburg" },
      { level: "spot", pages: 2, example: "escort/deutschland/hamburg/hamburg/st-pauli" },
    ]);
  });

  it("leaves the examples of levels without pages empty, and an empty directory has none", () => {
    expect(guideLevels([entry("ladies"), entry("ladies/polen")]).map((level) => level.example)).toEqual([
      "ladies",
      "ladies/polen",
      null,
      null,
      null,
    ]);
    expect(guideLevels([]).every((level) => level.pages === 0 && level.example === null)).toBe(true);
  });
});
