/**
 * Popups for realtime notifications (issue 12 item 7, ADR 044), shipped as public/scripts/notifications.js (ADR 065).
 * Progressive enhancement: without JavaScript the bell and my_notification show everything; with it, a notification
 * that arrives while a page is open shows as a popup for its stickiness (contract STICKINESS_MS) and the bell's count
 * grows. The events come as the window event `velora:realtime` from whoever holds the tab's socket
 * (../realtime/window.ts). No framework: on most pages this and the connector are all the JavaScript there is.
 */
import { STICKINESS_MS } from "#server/contract/notification-bell";
import type { RealtimeEvent } from "#server/contract/realtime";
import { REALTIME_WINDOW_EVENT } from "~/features/realtime/window";

type NotificationEvent = Extract<RealtimeEvent, { type: "notification" }>;

/** At most this many popups at once; the oldest goes first. */
const MAX_SHOWN = 3;
/** A stickiness this version does not know (a newer server) stays as long as "medium". */
const UNKNOWN_STICKINESS_MS = STICKINESS_MS.medium;

export function showNotificationPopups(win: Window): void {
  const doc = win.document;
  let region: HTMLElement | null = null;

  const lang = () => (doc.documentElement.getAttribute("lang") || "de").slice(0, 2);
  const bell = () => doc.querySelector("[data-testid=notification-bell]");

  function bumpCount() {
    const root = bell();
    if (!root) return;
    const summary = root.querySelector("summary");
    let badge = root.querySelector("[data-testid=notification-count]");
    if (!badge && summary) {
      badge = doc.createElement("span");
      badge.setAttribute("data-testid", "notification-count");
      badge.className = root.getAttribute("data-badge-class") || "";
      badge.textContent = "0";
      summary.appendChild(badge);
    }
    if (!badge) return;
    const n = parseInt(badge.textContent || "0", 10);
    if (!isNaN(n)) badge.textContent = n + 1 > 99 ? "99+" : String(n + 1);
  }

  function ensureRegion(): HTMLElement {
    if (region && doc.body.contains(region)) return region;
    region = doc.createElement("div");
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("data-testid", "notification-popups");
    Object.assign(region.style, {
      position: "fixed",
      right: "12px",
      bottom: "12px",
      left: "12px",
      zIndex: "50",
      display: "flex",
      flexDirection: "column",
      alignItems: "flex-end",
      gap: "8px",
      pointerEvents: "none",
    });
    doc.body.appendChild(region);
    return region;
  }

  function show(event: NotificationEvent) {
    const box = ensureRegion();
    while (box.firstChild && box.children.length >= MAX_SHOWN) box.removeChild(box.firstChild);
    const toast = doc.createElement("div");
    const remove = () => toast.remove();
    toast.setAttribute("data-testid", "notification-popup");
    toast.setAttribute("data-stickiness", event.stickiness);
    Object.assign(toast.style, {
      pointerEvents: "auto",
      maxWidth: "360px",
      width: "100%",
      display: "flex",
      alignItems: "center",
      gap: "8px",
      padding: "8px 8px 8px 14px",
      borderRadius: "10px",
      background: "#ffffff",
      color: "#1f1630",
      border: "1px solid #d9cfe3",
      borderLeft: `4px solid ${event.content_type === "alert" ? "#b00020" : "#8a1c5a"}`,
      boxShadow: "0 8px 24px rgba(31,22,48,.18)",
    });
    const link = doc.createElement("a");
    link.href = `/${lang()}/${event.url || "my_notification"}`;
    link.textContent = event.title;
    Object.assign(link.style, {
      flex: "1",
      color: "inherit",
      textDecoration: "none",
      minHeight: "44px",
      display: "flex",
      alignItems: "center",
    });
    const close = doc.createElement("button");
    close.type = "button";
    close.textContent = "\u00d7";
    close.setAttribute("aria-label", bell()?.getAttribute("data-close-label") || "Close");
    Object.assign(close.style, {
      minWidth: "44px",
      minHeight: "44px",
      border: "none",
      background: "transparent",
      fontSize: "1.25rem",
      cursor: "pointer",
    });
    close.addEventListener("click", remove);
    toast.append(link, close);
    box.appendChild(toast);
    const ms = Object.prototype.hasOwnProperty.call(STICKINESS_MS, event.stickiness)
      ? STICKINESS_MS[event.stickiness]
      : UNKNOWN_STICKINESS_MS;
    if (ms !== null) win.setTimeout(remove, ms);
  }

  // A notification about the page on screen (a message in the open conversation): the page shows it itself and
  // reads it, so neither a popup nor a higher count.
  const isOnScreen = (event: NotificationEvent) => typeof event.url === "string" && win.location.pathname === `/${lang()}/${event.url}`;

  win.addEventListener(REALTIME_WINDOW_EVENT, (e) => {
    // Anything on the page may dispatch this event: its detail is checked, not trusted to be well-formed.
    const event = e.detail as RealtimeEvent | null | undefined;
    if (!event || event.type !== "notification" || typeof event.title !== "string") return;
    if (isOnScreen(event)) return;
    bumpCount();
    show(event);
  });
}
