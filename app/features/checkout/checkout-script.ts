/**
 * The checkout's steps on one page with JavaScript (issue 26 item 2, ADR 089), shipped as public/scripts/checkout.js
 * (ADR 065). The pages stay server-rendered and unhydrated: a step's form is posted with fetch to its own action, with
 * the body the browser would send, and the answer — the next step's page after the redirect, or the same step with
 * its errors — replaces the layout's content (`#main-content`: the error summary and the page). The server stays the
 * only validator and price source; this file knows no field, no price and no text. The URL follows with pushState, so
 * back, forward and reload land on the step shown. "change" links (`data-checkout-nav`) open a step the same way.
 *
 * Anything unexpected (network error, a 5xx, an answer that is not a checkout page) falls back to what the page does
 * without JavaScript: the form is submitted, the link followed. The overview's "zahlungspflichtig bestellen" form is
 * not taken over: it posts as without JavaScript and leads to the provider or the status page.
 */

const REGION_ID = "main-content";
/** What marks a page as the checkout's (the steps or the overview). */
const CHECKOUT_PAGE = "[data-checkout]";
const STEP_FORM = "form[data-checkout-step]";
const NAV_LINK = "a[data-checkout-nav]";
/** Refusals come back as the page with the errors at their fields (400, 409); anything else non-2xx falls back. */
const REFUSALS = [400, 409, 422];

interface Answer {
  doc: Document;
  /** Where the answer came from when that is a page of its own (a redirect, a link); null: the post's own answer. */
  url: string | null;
}
/** A page of another kind to open instead (the order was paid meanwhile: its status page). */
interface Elsewhere {
  leave: string;
}

export function startCheckout(win: Window): void {
  const doc = win.document;
  const started = win as Window & { veloraCheckout?: boolean };
  if (started.veloraCheckout || !("fetch" in win) || typeof DOMParser === "undefined" || !win.history?.pushState) return;
  started.veloraCheckout = true;

  const live = doc.createElement("p");
  live.className = "visually-hidden";
  live.setAttribute("aria-live", "polite");
  live.setAttribute("data-checkout-live", "");
  doc.body.append(live);

  /** The page the region shows (path and query; a jump to an error's anchor changes only the hash). */
  const place = () => win.location.pathname + win.location.search;
  let shown = place();
  /** Each load's number: only the newest one may change the page (a click while another step loads wins). */
  let turn = 0;
  let posting = false;
  let announcing = 0;

  const region = () => doc.getElementById(REGION_ID);

  async function load(url: string, init: RequestInit): Promise<Answer | Elsewhere | null> {
    try {
      const response = await win.fetch(url, { ...init, credentials: "same-origin", headers: { accept: "text/html" } });
      const type = response.headers.get("content-type") ?? "";
      if (!(response.ok || REFUSALS.includes(response.status)) || !type.includes("text/html")) return null;
      const answer = new DOMParser().parseFromString(await response.text(), "text/html");
      const own = init.method === "GET" || response.redirected ? response.url || url : null;
      if (answer.getElementById(REGION_ID)?.querySelector(CHECKOUT_PAGE)) return { doc: answer, url: own };
      return response.ok && own ? { leave: own } : null;
    } catch {
      return null;
    }
  }

  function show(answer: Answer, history: "push" | "replace"): void {
    const target = region();
    const fresh = answer.doc.getElementById(REGION_ID);
    if (!target || !fresh) return;
    target.replaceChildren(...Array.from(doc.importNode(fresh, true).childNodes));
    if (answer.doc.title) doc.title = answer.doc.title;
    const url = answer.url ? new URL(answer.url, win.location.href) : null;
    if (url && url.origin === win.location.origin) {
      const next = url.pathname + url.search;
      if (history === "push" && next !== place()) win.history.pushState({ checkout: true }, "", next);
      else win.history.replaceState({ checkout: true }, "", next);
    }
    shown = place();
    // The first refused field, else the error summary (a refused choice or a form's own error), else the open step.
    const invalid = target.querySelector<HTMLElement>('[aria-invalid="true"]');
    const summary = target.querySelector<HTMLElement>("[data-error-summary] [tabindex]");
    const focus = invalid ?? summary ?? target.querySelector<HTMLElement>("[data-checkout-focus]");
    focus?.focus();
    // Said once, after the swap: the error count, or the step's heading (a field's own label is read with its focus).
    live.textContent = "";
    const said = (summary ?? target.querySelector<HTMLElement>("[data-checkout-focus]"))?.textContent ?? "";
    win.clearTimeout(announcing);
    announcing = win.setTimeout(() => (live.textContent = said.trim()), 50);
  }

  function busy(on: boolean): void {
    const target = region();
    if (on) target?.setAttribute("aria-busy", "true");
    else target?.removeAttribute("aria-busy");
  }

  /** Without JavaScript's way: the form posts itself with the pressed button's name and value. */
  function submitPlainly(form: HTMLFormElement, submitter: HTMLButtonElement | HTMLInputElement | null): void {
    if (submitter?.name) {
      const pressed = doc.createElement("input");
      pressed.type = "hidden";
      pressed.name = submitter.name;
      pressed.value = submitter.value;
      form.append(pressed);
    }
    // submit() sends no submit event: this listener does not take the form again.
    form.submit();
  }

  doc.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.matches(STEP_FORM) || event.defaultPrevented) return;
    event.preventDefault();
    if (posting) return;
    const pressed = (event as SubmitEvent).submitter;
    const submitter = pressed instanceof HTMLButtonElement || pressed instanceof HTMLInputElement ? pressed : null;
    // The body the browser would send (url-encoded, the pressed button's name and value after the fields).
    const body = new URLSearchParams();
    new FormData(form).forEach((value, name) => {
      if (typeof value === "string") body.append(name, value);
    });
    if (submitter?.name) body.append(submitter.name, submitter.value);
    posting = true;
    const mine = ++turn;
    busy(true);
    void load(form.action, { method: "POST", body }).then((answer) => {
      posting = false;
      if (mine !== turn) return;
      busy(false);
      if (answer === null) submitPlainly(form, submitter);
      else if ("leave" in answer) win.location.assign(answer.leave);
      else show(answer, "push");
    });
  });

  function open(url: string, history: "push" | "replace"): void {
    const mine = ++turn;
    busy(true);
    void load(url, { method: "GET" }).then((answer) => {
      if (mine !== turn) return;
      busy(false);
      if (answer === null) win.location.assign(url);
      else if ("leave" in answer) win.location.assign(answer.leave);
      else show(answer, history);
    });
  }

  doc.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(NAV_LINK) : null;
    // A new tab or window stays the browser's.
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(link.href, "push");
  });

  // Back and forward between the steps: the step of the URL, from the server.
  win.addEventListener("popstate", () => {
    if (place() === shown) return;
    open(win.location.href, "replace");
  });
}
