/**
 * The islands' HTML remembered by what drew it (ADR 177): a page whose island has the same data, URL and language as
 * one drawn before gets the very same bytes without rendering the part; any other input renders it. Unfinished or
 * ambiguous HTML is never kept, different values never share a key, and the memo stays within its bound.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { IslandMemoContext, rememberedIsland } from "~/components/RememberedIsland";
import { serverIsland } from "~/components/ServerIsland";
import { serverHtml } from "../../helpers/server-html";
import {
  MEMO_CHARS,
  clearIslandMemo,
  exactJson,
  islandHtmlIn,
  islandMemoSize,
  pageIslandMemo,
} from "~/components/server-island-memo.server";

interface Data {
  names: Array<string | undefined>;
  total: number;
}

const drawn = vi.fn();
function Part({ data }: { data: Data }) {
  drawn();
  return (
    <>
      <p>
        {data.total} {"found"}
      </p>
      <ul>
        {data.names.map((name, i) => (
          <li key={i}>
            <div className="tile">
              <div>{name ?? "–"}</div>
              <a href={`/de/p/${name ?? ""}`}>{`<div> & "quoted"`}</a>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

const Memoized = rememberedIsland<{ data: Data }>("memo-test", async () => ({ default: Part }));
const NotMemoized = serverIsland<{ data: Data }>("memo-test", async () => ({ default: Part }));

/** One page render as entry.server does it: the memo provided, then the islands that missed kept from the HTML. */
async function page(data: Data, options: { path?: string; lang?: string; Island?: typeof Memoized } = {}) {
  const { path = "/de/escorts?page=2", lang = "de", Island = Memoized } = options;
  const memo = pageIslandMemo(path, lang)!;
  const html = await serverHtml(
    <IslandMemoContext.Provider value={memo.memo}>
      <main>
        <h1>Page</h1>
        <Island data={data} />
        <div>after</div>
      </main>
    </IslandMemoContext.Provider>,
  );
  memo.keepFrom(html);
  return html;
}

afterEach(() => {
  clearIslandMemo();
  drawn.mockClear();
});

describe("the islands' HTML memo (ADR 177)", () => {
  it("writes the same bytes for the same data, URL and language without rendering the part again", async () => {
    const data = { names: ["anna", "bea", undefined], total: 3 };
    const first = await page(data);
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(islandMemoSize().entries).toBe(1);
    // An equal object (a new request's data), not the same one.
    const second = await page(structuredClone(data));
    expect(drawn).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    // And the page as an island without the memo draws it: the bytes are the part's own.
    expect(await page(data, { Island: NotMemoized })).toBe(first);
    expect(first).toContain("&lt;div&gt; &amp; &quot;quoted&quot;");
  });

  it("renders again for other data, another URL or another language", async () => {
    const data = { names: ["anna"], total: 1 };
    await page(data);
    const renamed = await page({ names: ["anne"], total: 1 });
    expect(renamed).toContain("/de/p/anne");
    expect(renamed).not.toContain("/de/p/anna");
    await page(data, { path: "/de/escorts?page=3" });
    await page(data, { lang: "en" });
    // A missing name and a name that is the text "undefined", NaN and null: other inputs, other keys.
    await page({ names: [undefined], total: 1 });
    await page({ names: ["undefined"], total: 1 });
    await page({ names: [], total: Number.NaN });
    expect(drawn).toHaveBeenCalledTimes(7);
    expect(islandMemoSize().entries).toBe(7);
  });

  it("keys tell apart what JSON would spell alike", () => {
    const spellings = [
      exactJson({ a: undefined }),
      exactJson({}),
      exactJson({ a: null }),
      exactJson({ a: Number.NaN }),
      exactJson({ a: Number.POSITIVE_INFINITY }),
      exactJson({ a: "\u0000u" }),
      exactJson({ a: "\u0000NaN" }),
      exactJson({ a: "NaN" }),
      exactJson([undefined]),
      exactJson([null]),
    ];
    expect(new Set(spellings).size).toBe(spellings.length);
    expect(() => exactJson({ a: () => 1 })).toThrow();
    expect(pageIslandMemo("/", "de")!.memo.html("x", { n: 1n })).toBeNull();
  });

  it("keeps only an island found once, whole and without another island inside", () => {
    const open = '<div data-island="i" style="display:contents">';
    expect(islandHtmlIn(`<main>${open}<!--$--><div><div>a</div></div><p>b</p><!--/$--></div><div>c</div></main>`, "i")).toBe(
      "<!--$--><div><div>a</div></div><p>b</p><!--/$-->",
    );
    expect(islandHtmlIn(`${open}<!--$!--><template></template><!--/$--></div>`, "i")).toBeNull();
    expect(islandHtmlIn(`${open}<!--$?--><template></template><!--/$--></div>`, "i")).toBeNull();
    expect(islandHtmlIn(`${open}x</div>${open}y</div>`, "i")).toBeNull();
    expect(islandHtmlIn(`${open}<div data-island="j" style="display:contents">x</div></div>`, "i")).toBeNull();
    expect(islandHtmlIn(`${open}<div>never closed`, "i")).toBeNull();
    expect(islandHtmlIn("<main></main>", "i")).toBeNull();
  });

  it("stays within its bound, the least recently used leaving first", async () => {
    // Each entry ≈ 3 × MEMO_CHARS / 10 characters (the name in its key, and twice in its HTML): three fit, four do not.
    const big = (letter: string) => ({ names: [letter.repeat(MEMO_CHARS / 10)], total: 1 });
    await page(big("a"));
    await page(big("b"));
    await page(big("c"));
    expect(islandMemoSize().entries).toBe(3);
    // a used again: b is now the oldest.
    await page(big("a"));
    expect(drawn).toHaveBeenCalledTimes(3);
    await page(big("d"));
    expect(islandMemoSize().chars).toBeLessThanOrEqual(MEMO_CHARS);
    expect(islandMemoSize().entries).toBe(3);
    await page(big("a"));
    expect(drawn).toHaveBeenCalledTimes(4);
    await page(big("b"));
    expect(drawn).toHaveBeenCalledTimes(5);
  });
});
