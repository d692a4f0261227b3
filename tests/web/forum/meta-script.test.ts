// @vitest-environment jsdom
/**
 * The forum's meta interface script (ADR 139) run as a forum page would run it: it puts one header bar at the top of
 * the body with our links and the language-change path, asks for the counts with the member's cookie, shows them as
 * text (never as HTML), and offers the login link when the counts are not readable. No eval, no HTML strings.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { metaScript, metaScriptConfig } from "~/features/forum/meta-script.server";

const ORIGIN = "https://velora.example";

async function run(answer: (() => Promise<Response>) | undefined) {
  const fetch = vi.fn(answer ?? (() => Promise.reject(new Error("offline"))));
  vi.stubGlobal("fetch", fetch);
  const script = metaScript(await metaScriptConfig("de", ORIGIN));
  // The forum page's own script tag would run it; indirect eval in the test's window does the same here.
  (0, eval)(script);
  // Let the fetch's promise chain settle.
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return fetch;
}

describe("forum meta interface script", () => {
  beforeEach(() => {
    document.body.innerHTML = '<header id="discourse-header">Forum</header>';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById("velora-meta-bar")?.remove();
  });

  it("adds our header once, first in the body, and shows a member's counts as text", async () => {
    const fetch = await run(() =>
      Promise.resolve(new Response(JSON.stringify({ signed_in: true, messages: 3, notifications: 120 }), { status: 200 })),
    );
    expect(fetch).toHaveBeenCalledWith(`${ORIGIN}/node/forum/meta`, { credentials: "include", mode: "cors" });
    const bar = document.body.firstElementChild!;
    expect(bar.id).toBe("velora-meta-bar");
    expect(bar.getAttribute("aria-label")).toBe("Hauptnavigation");
    const links = [...bar.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toContainEqual(["Escorts", `${ORIGIN}/de/escorts`]);
    expect(links).toContainEqual(["EN", `${ORIGIN}/de/community/language?id=en`]);
    expect(links).toContainEqual(["Nachrichten3", `${ORIGIN}/de/messenger`]);
    expect(links).toContainEqual(["Benachrichtigungen99+", `${ORIGIN}/de/my_notification`]);
    expect(links.some(([text]) => text === "Anmelden")).toBe(false);
    expect(bar.querySelector('[aria-current="true"]')?.textContent).toBe("DE");

    // A second copy of the script (a theme loading it twice) adds nothing.
    await run(() => Promise.resolve(new Response("{}", { status: 200 })));
    expect(document.querySelectorAll("#velora-meta-bar")).toHaveLength(1);
  });

  it("offers the login link when the counts cannot be read (guest, another site, offline)", async () => {
    await run(() => Promise.resolve(new Response(JSON.stringify({ signed_in: false }), { status: 200 })));
    let texts = [...document.querySelectorAll("#velora-meta-bar a")].map((a) => a.textContent);
    expect(texts).toContain("Anmelden");
    expect(texts).not.toContain("Nachrichten");
    document.getElementById("velora-meta-bar")!.remove();

    await run(undefined);
    texts = [...document.querySelectorAll("#velora-meta-bar a")].map((a) => a.textContent);
    expect(texts).toContain("Anmelden");
  });

  it("never turns an answer into markup", async () => {
    await run(() =>
      Promise.resolve(new Response(JSON.stringify({ signed_in: true, messages: "<img src=x onerror=alert(1)>", notifications: 0 }))),
    );
    expect(document.querySelector("#velora-meta-bar img")).toBeNull();
  });
});
