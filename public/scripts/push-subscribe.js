// The push switch of user/notifications (issue 12 item 7, ADR 044). Push needs JavaScript by nature (a service
// worker and PushManager.subscribe); without it the page says so and everything else works. The switch posts the
// browser's subscription to the page's own resource route (…/user/notifications/push), which hands it to the API.
(function () {
  "use strict";
  var root = document.querySelector("[data-push]");
  if (!root) return;
  var button = root.querySelector("[data-push-toggle]");
  var status = root.querySelector("[data-push-status]");
  var key = root.getAttribute("data-public-key");
  var url = root.getAttribute("data-url");
  function say(name) {
    if (!status) return;
    status.textContent = root.getAttribute("data-text-" + name) || "";
    status.hidden = false;
  }
  if (!key || !button) return;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say("unsupported");
    return;
  }
  function keyBytes(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  function post(body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
    });
  }
  var current = null;
  function render() {
    var row = root.querySelector("[data-push-row]");
    if (row) row.hidden = false;
    button.textContent = root.getAttribute(current ? "data-text-disable" : "data-text-enable") || "";
    button.setAttribute("aria-pressed", current ? "true" : "false");
    say(Notification.permission === "denied" ? "denied" : current ? "on" : "off");
  }
  navigator.serviceWorker
    .register("/push-sw.js")
    .then(function (registration) {
      return registration.pushManager.getSubscription().then(function (subscription) {
        current = subscription;
        render();
        button.addEventListener("click", function () {
          button.disabled = true;
          var step = current
            ? post({ action: "unsubscribe", endpoint: current.endpoint }).then(function () {
                return current.unsubscribe();
              })
            : Notification.requestPermission().then(function (permission) {
                if (permission !== "granted") throw new Error("denied");
                return registration.pushManager
                  .subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) })
                  .then(function (subscription) {
                    return post({ action: "subscribe", subscription: subscription.toJSON() }).then(function () {
                      return subscription;
                    });
                  });
              });
          step
            .then(function (result) {
              current = result && result.endpoint ? result : null;
              render();
            })
            .catch(function () {
              say(Notification.permission === "denied" ? "denied" : "failed");
            })
            .then(function () {
              button.disabled = false;
            });
        });
      });
    })
    .catch(function () {
      say("failed");
    });
})();
