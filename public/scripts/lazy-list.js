// Lazy loading of a tile list (spec section 9: tiles in pages of 12; the next page loads when the member
// reaches the 4th tile from the end on a phone, the 8th elsewhere). Progressive enhancement of a page that
// works without JavaScript: it pages by its "next" link, which this script follows for the member, appending
// the next page's tiles and taking over its pager. Any failure leaves the link to tap. No framework: the
// page ships no other script (ADR 036).
(function () {
  "use strict";
  var container = document.querySelector("[data-lazy-list]");
  if (!container || !("IntersectionObserver" in window) || !window.fetch || !window.DOMParser) return;
  var phone = window.matchMedia("(max-width: 767px)").matches;
  var threshold = Number(container.getAttribute(phone ? "data-threshold-phone" : "data-threshold-other")) || 4;
  var loading = false;

  function list(root) {
    return root.querySelector("ul");
  }
  function pager(root) {
    return root.querySelector("nav");
  }
  function nextHref() {
    var nav = pager(container);
    var link = nav && nav.querySelector('a[rel="next"]');
    return link ? link.href : null;
  }

  var observer = new IntersectionObserver(function (entries) {
    var seen = entries.some(function (entry) {
      return entry.isIntersecting;
    });
    if (!seen || loading) return;
    var href = nextHref();
    observer.disconnect();
    if (!href) return;
    loading = true;
    container.setAttribute("aria-busy", "true");
    fetch(href, { credentials: "same-origin", headers: { accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html").querySelector("[data-lazy-list]");
        var more = page && list(page);
        if (!more) throw new Error("no list");
        var own = list(container);
        while (more.firstElementChild) own.appendChild(document.adoptNode(more.firstElementChild));
        var oldNav = pager(container);
        var newNav = pager(page);
        if (oldNav && newNav) oldNav.replaceWith(document.adoptNode(newNav));
        else if (oldNav) oldNav.remove();
        loading = false;
        container.removeAttribute("aria-busy");
        watch();
      })
      .catch(function () {
        // The pager stays as it was: the member pages by hand.
        loading = false;
        container.removeAttribute("aria-busy");
      });
  });

  function watch() {
    var tiles = list(container).children;
    if (tiles.length === 0 || !nextHref()) return;
    observer.observe(tiles[Math.max(0, tiles.length - threshold)]);
  }
  watch();
})();
