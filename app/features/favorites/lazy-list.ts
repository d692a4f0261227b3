/**
 * Lazy loading of a tile list (spec section 9: tiles in pages of 12; the next page loads when the member reaches the
 * 4th tile from the end on a phone, the 8th elsewhere: contract LAZY_LOAD_THRESHOLD, handed over by the page in
 * data-threshold-*), shipped as public/scripts/lazy-list.js (ADR 036, ADR 065). Progressive enhancement of a page
 * that works without JavaScript: it pages by its "next" link, which this follows for the member, appending the next
 * page's tiles and taking over its pager. Any failure leaves the link to tap. No framework: the page ships no other
 * script.
 */

/** Below this width the page counts as a phone's (the thresholds differ). */
const PHONE_QUERY = "(max-width: 767px)";

export function startLazyList(win: Window & typeof globalThis): void {
  const doc = win.document;
  const container = doc.querySelector<HTMLElement>("[data-lazy-list]");
  if (!container || !("IntersectionObserver" in win) || !("fetch" in win) || !("DOMParser" in win)) return;
  const phone = win.matchMedia(PHONE_QUERY).matches;
  const threshold = Number(container.getAttribute(phone ? "data-threshold-phone" : "data-threshold-other")) || 4;
  let loading = false;

  const list = (root: ParentNode) => root.querySelector("ul");
  const pager = (root: ParentNode) => root.querySelector("nav");
  const nextHref = () => pager(container)?.querySelector<HTMLAnchorElement>('a[rel="next"]')?.href ?? null;
  const done = () => {
    loading = false;
    container.removeAttribute("aria-busy");
  };

  const appendPage = async (href: string) => {
    const response = await win.fetch(href, { credentials: "same-origin", headers: { accept: "text/html" } });
    if (!response.ok) throw new Error(String(response.status));
    const page = new win.DOMParser().parseFromString(await response.text(), "text/html").querySelector("[data-lazy-list]");
    const more = page && list(page);
    const own = list(container);
    if (!page || !more || !own) throw new Error("no list");
    while (more.firstElementChild) own.appendChild(doc.adoptNode(more.firstElementChild));
    const oldNav = pager(container);
    const newNav = pager(page);
    if (oldNav && newNav) oldNav.replaceWith(doc.adoptNode(newNav));
    else oldNav?.remove();
  };

  const observer = new win.IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting) || loading) return;
    const href = nextHref();
    observer.disconnect();
    if (!href) return;
    loading = true;
    container.setAttribute("aria-busy", "true");
    appendPage(href)
      .then(() => {
        done();
        watch();
      })
      // The pager stays as it was: the member pages by hand.
      .catch(done);
  });

  const watch = () => {
    const tiles = list(container)?.children;
    if (!tiles || tiles.length === 0 || !nextHref()) return;
    const tile = tiles[Math.max(0, tiles.length - threshold)];
    if (tile) observer.observe(tile);
  };
  watch();
}
