/**
 * The tip forms with JavaScript (issue 27 items 3 and 6, ADR 082), shipped as public/scripts/tips.js (ADR 065). A
 * pressed amount waits the undo window (data-delay, TIP_DELAY_MS) with an undo button; then the tip is posted to
 * tip/live under a key made here, and while no answer has come the script asks tip/live?key= every data-poll ms
 * (TIP_POLL_MS) and counts data-countdown ms (TOKEN_PENDING_COUNTDOWN_MS) down, then says "timeout". The server
 * answers each with one sentence in the page's language. Without JavaScript, or for an amount that is no whole
 * number, the form posts as it is and the confirmation page takes over.
 *
 * It imports nothing from the contract: those modules bring valibot, and this file is a page's whole script.
 */

/** The countdown's place in the pending sentence (TipForm renders it, this file fills it in). */
export const SECONDS = "%SECONDS%";

interface LiveAnswer {
  status: "succeeded" | "insufficient" | "pending" | "failed" | "timeout" | "refused";
  message: string;
  buyPath?: string;
}

export function startTips(win: Window): void {
  if (!("fetch" in win)) return;
  for (const form of win.document.querySelectorAll<HTMLFormElement>('form[data-intent="tip"]')) enhance(win, form);
}

function enhance(win: Window, form: HTMLFormElement): void {
  // A page may load the script twice (the profile's form and a photo's): each form is taken over once.
  if (form.hasAttribute("data-tip-enhanced")) return;
  const config = form.querySelector<HTMLElement>("[data-tip-form]");
  const status = form.querySelector<HTMLElement>("[data-tip-status]");
  if (!config || !status) return;
  form.setAttribute("data-tip-enhanced", "");
  const text = (name: string) => config.getAttribute(`data-text-${name}`) ?? "";
  const number = (name: string) => Number(config.getAttribute(`data-${name}`)) || 0;
  const post = config.getAttribute("data-post") ?? "";
  let busy = false;

  const say = (message: string, extra?: HTMLElement) => {
    status.replaceChildren(Object.assign(win.document.createElement("span"), { textContent: message }), ...(extra ? [extra] : []));
    status.hidden = false;
  };
  const link = (href: string, label: string) => Object.assign(win.document.createElement("a"), { href, textContent: label });

  form.addEventListener("submit", (event) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    const submitter = (event as SubmitEvent).submitter;
    const fields = new FormData(form);
    const pressed = submitter instanceof HTMLButtonElement && submitter.name === "amount" ? submitter.value : "custom";
    const amount = pressed === "custom" ? String(fields.get("custom_amount") ?? "").trim() : pressed;
    // Not a whole number: the form posts, and the page answers at the field.
    if (!/^\d{1,7}$/.test(amount)) return;
    event.preventDefault();
    busy = true;
    const undo = Object.assign(win.document.createElement("button"), { type: "button", textContent: text("undo") });
    undo.setAttribute("data-tip-undo", "");
    undo.className = submitter instanceof HTMLElement ? submitter.className : "";
    say(text("waiting"), undo);
    const timer = win.setTimeout(() => {
      undo.remove();
      void send(amount, String(fields.get("target") ?? "profile"), String(fields.get("receiver") ?? ""));
    }, number("delay"));
    undo.addEventListener("click", () => {
      win.clearTimeout(timer);
      busy = false;
      say(text("cancelled"));
    });
  });

  async function send(amount: string, target: string, id: string): Promise<void> {
    const key = win.crypto.randomUUID();
    let done = false;
    let left = number("countdown");
    const finish = (answer: LiveAnswer) => {
      if (done) return;
      done = true;
      win.clearInterval(ticker);
      busy = false;
      say(answer.message, answer.buyPath ? link(answer.buyPath, text("buy")) : undefined);
    };
    const pending = () => say(text("pending").replace(SECONDS, String(Math.ceil(left / 1000))));
    pending();
    // While the post has not answered: ask for the tip's state, and give up at the countdown's end.
    const ticker = win.setInterval(() => {
      left -= number("poll");
      if (left <= 0) {
        finish({ status: "timeout", message: text("timeout") });
        return;
      }
      pending();
      void ask(`${post}?key=${encodeURIComponent(key)}`).then((answer) => {
        if (answer && answer.status !== "pending") finish(answer);
      });
    }, number("poll"));
    const body = new URLSearchParams({ target, id, amount, key });
    const answer = await ask(post, { method: "POST", body });
    if (answer && answer.status !== "pending") finish(answer);
  }

  async function ask(url: string, init: RequestInit = {}): Promise<LiveAnswer | null> {
    try {
      const response = await win.fetch(url, { ...init, credentials: "same-origin", headers: { accept: "application/json" } });
      const answer = (await response.json()) as LiveAnswer;
      return typeof answer?.message === "string" ? answer : null;
    } catch {
      // Offline or no answer: the countdown decides.
      return null;
    }
  }
}
