import { describe, expect, it } from "vitest";
import { apiParams, hasFilters, parseUserListUrl } from "~/features/favorites/user-list.server";

const parse = (query: string) => parseUserListUrl(new URL(`http://x/de/favorite${query}`));

describe("the favorites and visitors page URL", () => {
  it("reads type, page and every filter of section 3", () => {
    const url = parse(
      "?type=2&page=3&only_show_type=is_verified&only_show_type=safe_sex_status&gender=2&user_type=2&age=18-25&age=45%2B&race_type=1&figure_type=3&meeting_option=2&city=42",
    );
    expect(url.type).toBe(2);
    expect(url.page).toBe(3);
    expect(url.filters).toEqual({
      only_show_type: ["is_verified", "safe_sex_status"],
      gender: [2],
      user_type: [2],
      age: ["18-25", "45+"],
      race_type: [1],
      figure_type: [3],
      meeting_option: [2],
      city: 42,
    });
    expect(hasFilters(url.filters)).toBe(true);
    expect(apiParams(url.type, url.page, 12, url.filters)).toMatchObject({ type: 2, page_no: 3, page_size: 12, city: 42, gender: [2] });
    // Links keep the filters, not the page.
    expect(new URLSearchParams(url.query).getAll("only_show_type")).toEqual(["is_verified", "safe_sex_status"]);
    expect(url.query).not.toContain("page=");
  });

  it("drops what the API would refuse instead of failing the page", () => {
    const url = parse("?type=7&page=0&gender=99&age=10-20&only_show_type=nope&city=x&user_id=1&race_type=1");
    expect(url.type).toBe(1);
    expect(url.page).toBe(1);
    expect(url.filters).toEqual({ race_type: [1] });
    expect(url.query).toBe("type=1&race_type=1");
    expect(parse("?page=101").page).toBe(1);
    expect(parse("?city=").filters).toEqual({});
    expect(hasFilters(parse("").filters)).toBe(false);
  });
});
