// @vitest-environment jsdom
/**
 * The server island (ADR 162): whole in the server's HTML; hydration keeps that HTML and loads none of the part's
 * code; new data (a revalidation) or a render in the browser loads the part and draws it.
 */
import { act, useState } from "react";
import { hydrateRoot, createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deferredPart, serverIsland } from "~/components/ServerIsland";
import { serverHtml } from "../../helpers/server-html";

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

/** A part with a handler: the button counts its clicks once the browser drew it. */
function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <form method="post" data-testid="counter">
      <button type="button" onClick={() => setN(n + 1)}>
        {`${label} ${n}`}
      </button>
    </form>
  );
}

describe("deferredPart", () => {
  it("is whole in the server's HTML; hydration keeps it, then loads the part and draws it with its handlers", async () => {
    const OnServer = deferredPart<{ label: string }>("deferred-test", async () => ({ default: Counter }));
    const arrived = gate();
    const load = vi.fn(async () => {
      await arrived.opened;
      return { default: Counter };
    });
    const Part = deferredPart<{ label: string }>("deferred-test", load);
    const html = await serverHtml(<OnServer label="clicks" />);
    expect(html).toContain('data-island="deferred-test"');
    expect(html).toContain(">clicks 0</button>");

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const button = container.querySelector("button")!;
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Part label="clicks" />, { onRecoverableError: recoverable });
    });
    // Right after hydration the chunk is asked for; until it is in, the server's very element stays.
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector("button")).toBe(button);
    button.click();
    expect(container.querySelector("button")?.textContent).toBe("clicks 0");

    await act(async () => arrived.open());
    await settle();
    expect(recoverable).not.toHaveBeenCalled();
    // Drawn by the browser now: the handler works.
    await act(async () => container.querySelector("button")!.click());
    expect(container.querySelector("button")?.textContent).toBe("clicks 1");
  });

  it("keeps the server's part when its chunk cannot be loaded", async () => {
    const OnServer = deferredPart<{ label: string }>("deferred-fail", async () => ({ default: Counter }));
    const load = vi.fn(() => Promise.reject(new Error("offline")));
    const Part = deferredPart<{ label: string }>("deferred-fail", load);
    const html = await serverHtml(<OnServer label="clicks" />);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const form = container.querySelector("form");
    await act(async () => {
      hydrateRoot(container, <Part label="clicks" />);
    });
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector("form")).toBe(form);
  });

  it("draws the part in a browser render (a client-side navigation to the page)", async () => {
    const load = vi.fn(async () => ({ default: Counter }));
    const Part = deferredPart<{ label: string }>("deferred-nav", load);
    const container = document.createElement("div");
    document.body.appendChild(container);
    const root = createRoot(container);
    await act(async () => root.render(<Part label="taps" />));
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => container.querySelector("button")!.click());
    expect(container.querySelector('[data-island="deferred-nav"] button')?.textContent).toBe("taps 1");
    act(() => root.unmount());
  });
});

/** A promise the test opens when it wants the chunk to arrive. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
