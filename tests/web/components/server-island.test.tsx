// @vitest-environment jsdom
/**
 * The server island (ADR 162): whole in the server's HTML; hydration keeps that HTML and loads none of the part's
 * code; new data (a revalidation) or a render in the browser loads the part and draws it.
 */
import { act } from "react";
import { hydrateRoot, createRoot } from "react-dom/client";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverIsland } from "~/components/ServerIsland";

// What @testing-library/react sets for its users: React's act() works in this environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Data {
  n: number;
}

function Part({ data }: { data: Data }) {
  return (
    <p data-testid="part">
      <a href={`/page/${data.n}`}>n={data.n}</a>
    </p>
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

/** The page's HTML once everything rendered, as entry.server sends it (onAllReady). */
function serverHtml(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString();
        callback();
      },
      final(callback) {
        resolve(html);
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(node, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("serverIsland", () => {
  it("is whole in the server's HTML; hydration keeps it without loading the part; new data loads and draws it", async () => {
    // The server and the browser are two worlds: each has its own island (and its own loaded part).
    const OnServer = serverIsland<{ data: Data }>("island-test", async () => ({ default: Part }));
    const load = vi.fn(async () => ({ default: Part }));
    const Island = serverIsland<{ data: Data }>("island-test", load);
    const first = { n: 1 };
    const html = await serverHtml(<OnServer data={first} />);
    expect(html).toContain('data-island="island-test"');
    expect(html).toContain('href="/page/1"');

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const link = container.querySelector("a");
    const recoverable = vi.fn();
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <Island data={first} />, { onRecoverableError: recoverable });
    });
    await settle();
    expect(load).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    // The very element the server sent, not a copy drawn again.
    expect(container.querySelector("a")).toBe(link);

    // The same data again (a re-render of the page): still the server's HTML.
    await act(async () => root.render(<Island data={first} />));
    expect(load).not.toHaveBeenCalled();

    await act(async () => root.render(<Island data={{ n: 2 }} />));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector("a")?.getAttribute("href")).toBe("/page/2");
    act(() => root.unmount());
  });

  it("draws the part in a browser render (a client-side navigation to the page)", async () => {
    const load = vi.fn(async () => ({ default: Part }));
    const Island = serverIsland<{ data: Data }>("island-nav", load);
    const container = document.createElement("div");
    document.body.appendChild(container);
    const root = createRoot(container);
    await act(async () => root.render(<Island data={{ n: 3 }} />));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-island="island-nav"] a')?.getAttribute("href")).toBe("/page/3");
    act(() => root.unmount());
  });
});
