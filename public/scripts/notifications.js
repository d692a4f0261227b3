// Popups for realtime notifications (issue 12 item 7, ADR 044). Progressive enhancement: without JavaScript the
// bell and my_notification show everything; with it, a notification that arrives while a page is open shows as
// a popup for its stickiness (short 5 s, medium 8 s, long 15 s, permanent until closed: contract/notifications
// STICKINESS_MS) and the bell's count grows.
//
// The hook: whoever holds the realtime connection (the /ws client) dispatches every event it receives as
//   window.dispatchEvent(new CustomEvent("velora:realtime", { detail: event }))
// where `event` is a contract/realtime RealtimeEvent; this script handles { type: "notification", ... }.
// No framework: the pages that ship no other script ship only this one.
(function () {
  "use strict";
  var STICKINESS_MS = { short: 5000, medium: 8000, long: 15000, permanent: null };
  var MAX_SHOWN = 3;
  var region = null;

  function lang() {
    return (document.documentElement.getAttribute("lang") || "de").slice(0, 2);
  }

  function bell() {
    return document.querySelector("[data-testid=notification-bell]");
  }

  function bumpCount() {
    var root = bell();
    if (!root) return;
    var summary = root.querySelector("summary");
    var badge = root.querySelector("[data-testid=notification-count]");
    if (!badge && summary) {
      badge = document.createElement("span");
      badge.setAttribute("data-testid", "notification-count");
      badge.className = root.getAttribute("data-badge-class") || "";
      badge.textContent = "0";
      summary.appendChild(badge);
    }
    if (!badge) return;
    var n = parseInt(badge.textContent || "0", 10);
    if (!isNaN(n)) badge.textContent = n + 1 > 99 ? "99+" : String(n + 1);
  }

  function ensureRegion() {
    if (region && document.body.contains(region)) return region;
    region = document.createElement("div");
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("data-testid", "notification-popups");
    var s = region.style;
    s.position = "fixed";
    s.right = "12px";
    s.bottom = "12px";
    s.left = "12px";
    s.zIndex = "50";
    s.display = "flex";
    s.flexDirection = "column";
    s.alignItems = "flex-end";
    s.gap = "8px";
    s.pointerEvents = "none";
    document.body.appendChild(region);
    return region;
  }

  function show(event) {
    var box = ensureRegion();
    while (box.children.length >= MAX_SHOWN) box.removeChild(box.firstChild);
    var toast = document.createElement("div");
    toast.setAttribute("data-testid", "notification-popup");
    toast.setAttribute("data-stickiness", event.stickiness);
    var s = toast.style;
    s.pointerEvents = "auto";
    s.maxWidth = "360px";
    s.width = "100%";
    s.display = "flex";
    s.alignItems = "center";
    s.gap = "8px";
    s.padding = "8px 8px 8px 14px";
    s.borderRadius = "10px";
    s.background = "#ffffff";
    s.color = "#1f1630";
    s.border = "1px solid #d9cfe3";
    s.borderLeft = "4px solid " + (event.content_type === "alert" ? "#b00020" : "#8a1c5a");
    s.boxShadow = "0 8px 24px rgba(31,22,48,.18)";
    var link = document.createElement("a");
    link.href = "/" + lang() + "/" + (event.url || "my_notification");
    link.textContent = event.title;
    link.style.flex = "1";
    link.style.color = "inherit";
    link.style.textDecoration = "none";
    link.style.minHeight = "44px";
    link.style.display = "flex";
    link.style.alignItems = "center";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "\u00d7";
    close.setAttribute("aria-label", (bell() && bell().getAttribute("data-close-label")) || "Close");
    var c = close.style;
    c.minWidth = "44px";
    c.minHeight = "44px";
    c.border = "none";
    c.background = "transparent";
    c.fontSize = "1.25rem";
    c.cursor = "pointer";
    close.addEventListener("click", function () {
      if (toast.parentNode) toast.parentNode.removeChild(toast);
    });
    toast.appendChild(link);
    toast.appendChild(close);
    box.appendChild(toast);
    var ms = Object.prototype.hasOwnProperty.call(STICKINESS_MS, event.stickiness) ? STICKINESS_MS[event.stickiness] : 8000;
    if (ms !== null) {
      setTimeout(function () {
        if (toast.parentNode) toast.parentNode.removeChild(toast);
      }, ms);
    }
  }

  // A notification about the page on screen (a message in the open conversation): the page shows it itself and
  // reads it, so neither a popup nor a higher count.
  function isOnScreen(event) {
    return typeof event.url === "string" && window.location.pathname === "/" + lang() + "/" + event.url;
  }

  window.addEventListener("velora:realtime", function (e) {
    var event = e && e.detail;
    if (!event || event.type !== "notification" || typeof event.title !== "string") return;
    if (isOnScreen(event)) return;
    bumpCount();
    show(event);
  });
})();
