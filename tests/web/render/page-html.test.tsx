/**
 * ADR 166: a page is rendered by React's string renderer where nothing on it waits, else the streaming way (ADR 153):
 * the same HTML either way, and what waits or fails is still waited for, or reported, as the streaming render did.
 */
import { lazy, Suspense, useId, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderPage, renderWhole } from "~/entry.server";

const streamed = async (tree: ReactNode) => (await renderWhole(tree, "n0nce", () => {})).toString("utf8");

function Page({ children }: { children?: ReactNode }) {
  const id = useId();
  const count = 3;
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <title>{`Velora ${count} Seiten`}</title>
      </head>
      <body>
        <label htmlFor={id}>
          Name {count} &amp; {"<b>"} ü
        </label>
        <input id={id} defaultValue='a"b' />
        <script nonce="n0nce" dangerouslySetInnerHTML={{ __html: "window.x = 1;" }} />
        <Suspense fallback={<p>…</p>}>
          <p>
            {count} of {count + 1}
          </p>
        </Suspense>
        {children}
      </body>
    </html>
  );
}

describe("the page's HTML rendered in one pass (ADR 166)", () => {
  it("is the streaming render's HTML, doctype and boundaries included", async () => {
    const errors: unknown[] = [];
    const html = await renderPage(<Page />, "n0nce", (error) => {
      errors.push(error);
    });
    expect(html).toBe(await streamed(<Page />));
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(html).toContain("<!--$--><p>3<!-- --> of <!-- -->4</p><!--/$-->");
    expect(errors).toEqual([]);
  });

  it("waits, the streaming way, for a part loaded on first use", async () => {
    let loaded = 0;
    const Part = lazy(async () => {
      loaded += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { default: () => <section>the chart</section> };
    });
    const tree = () => (
      <Page>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </Page>
    );
    const html = await renderPage(tree(), "n0nce", () => {});
    expect(html).toContain("<section>the chart</section>");
    expect(html).not.toMatch(/<!--\$[!?]/);
    expect(loaded).toBe(1);
    // Loaded now: the next page renders in one pass, to the same HTML.
    expect(await renderPage(tree(), "n0nce", () => {})).toBe(html);
    expect(await streamed(tree())).toBe(html);
  });

  it("reports a failure inside a boundary as the streaming render does (the page is not whole: 500)", async () => {
    function Broken(): ReactNode {
      throw new Error("broken part");
    }
    const tree = (
      <Page>
        <Suspense fallback={<p>fallback</p>}>
          <Broken />
        </Suspense>
      </Page>
    );
    const reports = async (render: typeof renderPage) => {
      const reported: Array<[string, boolean]> = [];
      const html = await render(tree, "n0nce", (error, afterShell) => {
        reported.push([(error as Error).message, afterShell]);
      });
      return { reported, html };
    };
    const ours = await reports(renderPage);
    const theirs = await reports(async (...args) => (await renderWhole(...args)).toString("utf8"));
    expect(ours.reported).toEqual(theirs.reported);
    expect(ours.reported.map(([message]) => message)).toEqual(["broken part"]);
    expect(ours.html).toBe(theirs.html);
    expect(ours.html).toContain("<p>fallback</p>");
  });

  it("fails as the streaming render does when the page itself cannot be rendered", async () => {
    function Broken(): ReactNode {
      throw new Error("broken page");
    }
    await expect(renderPage(<Broken />, "n0nce", () => {})).rejects.toThrow("broken page");
  });
});
