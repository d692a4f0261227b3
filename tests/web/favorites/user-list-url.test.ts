import { describe, expect, it } from "vitest";
import { apiParams, hasFilters, parseUserListUrl, pastLastPageRedirect } from "~/features/favorites/user-list.server";

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

  it("sends a page past the last to the last page, and a locked list to its first page (no loop)", () => {
    const items = [] as never[];
    expect(pastLastPageRedirect("/de/favorite", parse("?type=1&page=5"), { items, total: 13, locked: false })).toBe(
      "/de/favorite?type=1&page=2",
    );
    expect(pastLastPageRedirect("/de/favorite", parse("?type=1&page=3"), { items, total: 5, locked: false })).toBe("/de/favorite?type=1");
    // Who keeps me / who visited me without plus: no items on any page, only the count.
    const lockedTarget = pastLastPageRedirect("/de/favorite", parse("?type=2&page=2"), { items, total: 40, locked: true });
    expect(lockedTarget).toBe("/de/favorite?type=2");
    expect(pastLastPageRedirect("/de/visitor", parse("?type=1"), { items, total: 40, locked: true })).toBeNull();
    expect(pastLastPageRedirect("/de/favorite", parse("?type=1&page=2"), { items, total: 0, locked: false })).toBeNull();
  });
});
