// @vitest-environment jsdom
/**
 * The checkout's steps on one page with JavaScript (app/features/checkout/checkout-script.ts, shipped as
 * public/scripts/checkout.js; issue 26 item 2, ADR 089). The server is faked by its answers (whole pages, as the
 * buy routes render them): a step's form goes out with fetch as the browser would post it, the answer's content
 * replaces the page's without a new page, the URL follows, the focus and the announcement move; a refusal keeps the
 * URL and focuses the refused field; anything unexpected submits the form as without JavaScript.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startCheckout } from "~/features/checkout/checkout-script";

const step = (name: string, body: string, errors = "") => `
  <main data-checkout="steps">
    ${errors}
    <ol>
      <li data-state="current"><h2 tabindex="-1" data-checkout-focus>${name}</h2>${body}</li>
    </ol>
  </main>`;

const GOODS = step(
  "Auswahl",
  `<form method="post" action="/de/buy?index&amp;goods=membership" data-checkout-step="goods">
     <input type="hidden" name="goods" value="membership">
     <label><input type="radio" name="sku" value="plus_1m" checked> 1 Monat</label>
     <label for="promo">Gutscheincode</label><input id="promo" name="promo_code" value="SOMMER">
     <button type="submit" name="intent" value="start">Weiter</button>
   </form>`,
);
const CUSTOMER = step(
  "Deine Daten",
  `<p><a data-checkout-nav href="/de/buy?order=o1&amp;step=goods">ändern</a></p>
   <form method="post" action="/de/buy?index&amp;order=o1&amp;step=customer" data-checkout-step="customer">
     <label for="name">Name</label><input id="name" name="name" value="">
     <button type="submit" name="intent" value="customer">Weiter</button>
   </form>`,
);
const CUSTOMER_REFUSED = step(
  "Deine Daten",
  `<form method="post" action="/de/buy?index&amp;order=o1&amp;step=customer" data-checkout-step="customer">
     <label for="name">Name</label><input id="name" name="name" value="E" aria-invalid="true">
     <p id="field-name-error">Zu kurz</p>
     <button type="submit" name="intent" value="customer">Weiter</button>
   </form>`,
  `<section data-error-summary><h2 tabindex="-1">Bitte prüfe 1 Angabe</h2></section>`,
);
const page = (main: string, title = "Plus kaufen") =>
  `<!doctype html><html><head><title>${title}</title></head><body><header>Kopf</header><div id="main-content">${main}</div></body></html>`;

interface FakeAnswer {
  status?: number;
  html?: string;
  url?: string;
  redirected?: boolean;
  type?: string;
}
const answer = ({ status = 200, html = "", url = "", redirected = false, type = "text/html; charset=utf-8" }: FakeAnswer) => ({
  ok: status >= 200 && status < 300,
  status,
  url,
  redirected,
  headers: new Headers({ "content-type": type }),
  text: async () => html,
});

const calls: Array<{ url: string; method: string; body: string }> = [];
function serve(...answers: Array<FakeAnswer | Error>) {
  const queue = [...answers];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: String(init.method), body: String(init.body ?? "") });
      const next = queue.shift();
      if (!next || next instanceof Error) throw next ?? new Error("no answer");
      return answer(next);
    }),
  );
}

const region = () => document.getElementById("main-content")!;
/** Until no load is under way (the region's aria-busy), then one more turn of the event loop. */
const settle = async () => {
  await vi.waitFor(() => expect(region().hasAttribute("aria-busy")).toBe(false), { timeout: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, 0));
};
const announced = () => expect.poll(() => document.querySelector("[data-checkout-live]")?.textContent, { timeout: 5_000 });
const press = (label: string) => {
  const button = [...document.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent === label)!;
  button.form!.requestSubmit(button);
};

beforeAll(() => {
  document.body.innerHTML = `<header>Kopf</header><div id="main-content"></div>`;
  startCheckout(window);
});

beforeEach(() => {
  calls.length = 0;
  window.history.replaceState(null, "", "/de/buy?goods=membership");
  region().innerHTML = GOODS;
  document.title = "Plus kaufen";
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("checkout script", () => {
  it("posts a step as the browser would, shows the next step in place, pushes its URL, focuses and announces it", async () => {
    const marker = document.querySelector("header");
    serve({
      html: page(CUSTOMER, "Deine Daten – Plus kaufen"),
      url: "http://localhost:3000/de/buy?order=o1&step=customer",
      redirected: true,
    });
    const before = window.history.length;
    press("Weiter");
    await settle();
    expect(calls).toEqual([
      {
        url: "http://localhost:3000/de/buy?index&goods=membership",
        method: "POST",
        body: "goods=membership&sku=plus_1m&promo_code=SOMMER&intent=start",
      },
    ]);
    // The same document: the header outside the region is the same node; only the region's content changed.
    expect(document.querySelector("header")).toBe(marker);
    expect(region().querySelector("h2")?.textContent).toBe("Deine Daten");
    expect(region().querySelector('form[data-checkout-step="customer"]')).not.toBeNull();
    expect(window.location.pathname + window.location.search).toBe("/de/buy?order=o1&step=customer");
    expect(window.history.length).toBe(before + 1);
    expect(document.title).toBe("Deine Daten – Plus kaufen");
    expect(document.activeElement).toBe(region().querySelector("[data-checkout-focus]"));
    await announced().toBe("Deine Daten");
    expect(region().hasAttribute("aria-busy")).toBe(false);
  });

  it("shows a refusal in place with the input kept, keeps the URL and focuses the refused field", async () => {
    window.history.replaceState(null, "", "/de/buy?order=o1&step=customer");
    region().innerHTML = CUSTOMER;
    serve({ status: 400, html: page(CUSTOMER_REFUSED), url: "http://localhost:3000/de/buy?index&order=o1&step=customer" });
    (document.getElementById("name") as HTMLInputElement).value = "E";
    press("Weiter");
    await settle();
    expect(calls[0]).toMatchObject({ method: "POST", body: "name=E&intent=customer" });
    expect(window.location.search).toBe("?order=o1&step=customer");
    expect(document.activeElement?.id).toBe("name");
    expect((document.activeElement as HTMLInputElement).value).toBe("E");
    await announced().toBe("Bitte prüfe 1 Angabe");
  });

  it("submits the form as without JavaScript when fetch fails, with the pressed button's value", async () => {
    serve(new Error("offline"));
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    press("Weiter");
    await settle();
    expect(submit).toHaveBeenCalledTimes(1);
    const form = region().querySelector<HTMLFormElement>("form")!;
    expect(new FormData(form).get("intent")).toBe("start");
    expect(region().querySelector("h2")?.textContent).toBe("Auswahl");
  });

  it("falls back the same way on a server error and on an answer that is no checkout page", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    serve({ status: 503, html: page(CUSTOMER) });
    press("Weiter");
    await settle();
    serve({ status: 200, html: page("<main>Etwas anderes</main>") });
    press("Weiter");
    await settle();
    serve({ status: 200, html: "{}", type: "application/json" });
    press("Weiter");
    await settle();
    expect(submit).toHaveBeenCalledTimes(3);
    expect(region().querySelector("h2")?.textContent).toBe("Auswahl");
  });

  it("sends one post while one is under way", async () => {
    serve({ html: page(CUSTOMER), url: "http://localhost:3000/de/buy?order=o1&step=customer", redirected: true });
    press("Weiter");
    press("Weiter");
    await settle();
    expect(calls).toHaveLength(1);
  });

  it("opens a done step from its change link in place, and back and forward load the step of the URL", async () => {
    window.history.replaceState(null, "", "/de/buy?order=o1&step=customer");
    region().innerHTML = CUSTOMER;
    serve({ html: page(GOODS), url: "http://localhost:3000/de/buy?order=o1&step=goods" });
    region().querySelector<HTMLAnchorElement>("a[data-checkout-nav]")!.click();
    await settle();
    expect(calls[0]).toMatchObject({ method: "GET", url: "http://localhost:3000/de/buy?order=o1&step=goods" });
    expect(window.location.search).toBe("?order=o1&step=goods");
    expect(region().querySelector("h2")?.textContent).toBe("Auswahl");

    // Back: the customer step's URL again, its page from the server (replaced, not pushed).
    serve({ html: page(CUSTOMER), url: "http://localhost:3000/de/buy?order=o1&step=customer" });
    const length = window.history.length;
    window.history.back();
    // jsdom goes back on a later turn: the popstate comes then.
    await vi.waitFor(() => expect(window.location.search).toBe("?order=o1&step=customer"));
    await settle();
    expect(calls.at(-1)).toMatchObject({ method: "GET", url: "http://localhost:3000/de/buy?order=o1&step=customer" });
    expect(region().querySelector("h2")?.textContent).toBe("Deine Daten");
    expect(window.history.length).toBe(length);
  });

  it("leaves a jump to an error's anchor alone (only the hash changes)", async () => {
    window.history.replaceState(null, "", "/de/buy?order=o1&step=customer");
    region().innerHTML = CUSTOMER;
    serve({ html: page(GOODS), url: "http://localhost:3000/de/buy?order=o1&step=goods" });
    region().querySelector<HTMLAnchorElement>("a[data-checkout-nav]")!.click();
    await settle();
    calls.length = 0;
    serve();
    window.location.hash = "#error-name";
    window.dispatchEvent(new PopStateEvent("popstate"));
    await settle();
    expect(calls).toHaveLength(0);
  });

  it("leaves a change link opened in a new tab to the browser", async () => {
    window.history.replaceState(null, "", "/de/buy?order=o1&step=customer");
    region().innerHTML = CUSTOMER;
    serve();
    const link = region().querySelector<HTMLAnchorElement>("a[data-checkout-nav]")!;
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    // jsdom would try to navigate: stop it after the script had its say (the window hears the click last).
    window.addEventListener("click", (event) => event.preventDefault(), { once: true });
    link.dispatchEvent(click);
    await settle();
    expect(calls).toHaveLength(0);
  });
});
