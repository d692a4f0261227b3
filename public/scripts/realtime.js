// The site-wide realtime connector (issue 12; ADR 042 "Client"): one socket per tab for a signed-in member on every
// page, so the notification popups (notifications.js) work everywhere and the member shows as online. It hands each
// feature event on as window.dispatchEvent(new CustomEvent("velora:realtime", { detail: event })).
//
// No framework and no resync: popups are best-effort, the bell and my_notification hold the record. Pages with a
// richer client of their own (the messenger's React store) mark themselves with [data-realtime-owner]; on those,
// and while such a client calls window.veloraRealtime.hold() after a client-side navigation, this one stays closed
// so a tab never has two sockets (two sockets would show every popup twice).
(function () {
  "use strict";
  if (typeof WebSocket === "undefined" || window.veloraRealtime) return;
  var BASE_MS = 500;
  var MAX_MS = 30000;
  var HEARTBEAT_MS = 25000;
  var socket = null;
  var attempt = 0;
  var retryTimer = null;
  var beatTimer = null;
  var held = false;

  function owned() {
    return held || document.querySelector("[data-realtime-owner]") !== null;
  }

  function away() {
    return document.visibilityState === "hidden";
  }

  function send(frame) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(frame));
  }

  function stopTimers() {
    if (retryTimer !== null) clearTimeout(retryTimer);
    if (beatTimer !== null) clearInterval(beatTimer);
    retryTimer = null;
    beatTimer = null;
  }

  // Full jitter, doubling from 500 ms up to 30 s: a restarted instance is not hit by every tab at once.
  function schedule() {
    if (retryTimer !== null) clearTimeout(retryTimer);
    var cap = Math.min(MAX_MS, BASE_MS * Math.pow(2, Math.min(attempt, 20)));
    attempt++;
    retryTimer = setTimeout(
      function () {
        retryTimer = null;
        connect();
      },
      Math.max(50, Math.floor(Math.random() * cap)),
    );
  }

  function connect() {
    if (socket || owned()) return;
    var url = (location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host + "/ws";
    var current;
    try {
      current = new WebSocket(url);
    } catch {
      schedule();
      return;
    }
    socket = current;
    current.onmessage = function (message) {
      if (socket !== current || typeof message.data !== "string") return;
      var frame;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      if (frame.type === "hello") {
        attempt = 0;
        if (away()) send({ type: "presence", state: "away" });
        if (beatTimer !== null) clearInterval(beatTimer);
        beatTimer = setInterval(function () {
          send({ type: "presence", state: away() ? "away" : "active" });
        }, HEARTBEAT_MS);
      } else if (frame.type === "event" && frame.event) {
        window.dispatchEvent(new CustomEvent("velora:realtime", { detail: frame.event }));
      }
    };
    current.onclose = function () {
      if (socket !== current) return;
      socket = null;
      stopTimers();
      if (!owned()) schedule();
    };
  }

  function close() {
    stopTimers();
    var current = socket;
    socket = null;
    if (current) current.close(1000, "handover");
  }

  window.veloraRealtime = {
    hold: function () {
      held = true;
      close();
    },
    release: function () {
      held = false;
      attempt = 0;
      connect();
    },
  };
  window.addEventListener("online", function () {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    connect();
  });
  // Offline: the socket is most likely dead but would take a TCP timeout to say so; retry on the backoff instead.
  window.addEventListener("offline", function () {
    var current = socket;
    if (!current) return;
    socket = null;
    stopTimers();
    current.onclose = null;
    current.close(1000, "offline");
    schedule();
  });
  document.addEventListener("visibilitychange", function () {
    send({ type: "presence", state: away() ? "away" : "active" });
  });
  connect();
})();
