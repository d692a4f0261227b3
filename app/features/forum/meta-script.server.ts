/**
 * The forum's meta interface script (spec section 7: "A community forum has a meta interface script"; ADR 139): a
 * small script the Discourse forum loads from us, per language, that puts our header above the forum's own — the
 * home link, the main sections, messages and notifications with their unread counts, the way back to the community
 * and the forum's language links (our language-change path with its id query).
 *
 * The script itself is public and the same for everyone: it holds labels and addresses only, so any cache may keep
 * it. The member's counts are not in it: the script asks /node/forum/meta for them with the member's cookie, and that
 * answer is readable only by the configured forum's origin (CORS) and holds two numbers, nothing that names anyone.
 * CSP: no eval, no inline handlers, no HTML strings (elements are built with textContent), styles set through the
 * CSSOM (allowed under a strict style-src), nothing loaded from a third party.
 */
import { createHash } from "node:crypto";
import { SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { GUEST_MAX_AGE, guestPage } from "~/utils/cache-headers";

/** One hour in every cache; a day more served stale while it revalidates (labels change only with a deploy). */
export const metaScriptCaching = () => guestPage(GUEST_MAX_AGE.static, { staleWhileRevalidateSeconds: 86_400 });
/** The counts' address on our origin (the script's fetch). */
export const META_COUNTS_PATH = "/node/forum/meta";

export interface MetaScriptConfig {
  language: Language;
  origin: string;
  brand: string;
  home: string;
  countsUrl: string;
  label: string;
  links: Array<{ href: string; text: string }>;
  messages: { href: string; text: string };
  notifications: { href: string; text: string };
  login: { href: string; text: string };
  languages: Array<{ href: string; text: string; code: Language; current: boolean }>;
}

export async function metaScriptConfig(language: Language, origin: string): Promise<MetaScriptConfig> {
  const t = await i18nServer.getFixedT(language);
  const url = (path: string) => `${origin}${localePath(language, path)}`;
  return {
    language,
    origin,
    brand: brand.name,
    home: url(""),
    countsUrl: `${origin}${META_COUNTS_PATH}`,
    label: t("nav.main", { ns: "common" }),
    links: [
      { href: url("escorts"), text: t("nav.escorts", { ns: "common" }) },
      { href: url("agenturen-clubs"), text: t("nav.businesses", { ns: "common" }) },
      { href: url("newsfeed"), text: t("nav.newsfeed", { ns: "common" }) },
      { href: url("community"), text: t("forum.back", { ns: "forum" }) },
    ],
    messages: { href: url("messenger"), text: t("nav.messages", { ns: "common" }) },
    notifications: { href: url("my_notification"), text: t("bell.label", { ns: "common" }) },
    login: { href: url("login"), text: t("nav.login", { ns: "common" }) },
    // Our language-change path (ADR 134): it keeps the member's forum language and sends them back to the forum.
    languages: SUPPORTED_LANGUAGES.map((code) => ({
      code,
      href: `${url("community/language")}?id=${code}`,
      text: code.toUpperCase(),
      current: code === language,
    })),
  };
}

/** JSON that can sit in a script: no "</script>", no line separators that older parsers read as line ends. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The script: ES5 (Discourse supports older browsers than our pages need), one IIFE, no globals but a marker
 * that keeps it from adding the bar twice.
 */
export function metaScript(config: MetaScriptConfig): string {
  return `/* ${config.brand}: header for the community forum (ADR 139). Public and the same for everyone. */
(function () {
  "use strict";
  var C = ${scriptJson(config)};
  var d = document;
  if (d.getElementById("velora-meta-bar")) return;
  function el(tag, text, style) {
    var node = d.createElement(tag);
    if (text) node.textContent = text;
    if (style) for (var k in style) node.style[k] = style[k];
    return node;
  }
  function link(item, style) {
    var a = el("a", item.text, style);
    a.href = item.href;
    return a;
  }
  var linkStyle = { color: "inherit", padding: "10px 8px", display: "inline-block", minHeight: "24px", textDecoration: "none" };
  var bar = el("nav", "", { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "4px", padding: "0 8px",
    background: "#1f1a2e", color: "#ffffff", font: "14px/1.4 system-ui, sans-serif" });
  bar.id = "velora-meta-bar";
  bar.setAttribute("aria-label", C.label);
  bar.setAttribute("lang", C.language);
  bar.appendChild(link({ href: C.home, text: C.brand }, { color: "inherit", padding: "10px 8px", fontWeight: "700", textDecoration: "none" }));
  for (var i = 0; i < C.links.length; i++) bar.appendChild(link(C.links[i], linkStyle));
  var tools = el("span", "", { marginLeft: "auto", display: "flex", flexWrap: "wrap", alignItems: "center" });
  bar.appendChild(tools);
  var langs = el("span", "", { display: "flex" });
  for (var j = 0; j < C.languages.length; j++) {
    var l = C.languages[j];
    var a = link(l, linkStyle);
    a.setAttribute("hreflang", l.code);
    if (l.current) a.setAttribute("aria-current", "true");
    langs.appendChild(a);
  }
  tools.appendChild(langs);
  function counted(item, raw) {
    var count = Math.floor(Number(raw)) || 0;
    var a = link(item, linkStyle);
    if (count > 0) {
      var badge = el("span", count > 99 ? "99+" : String(count), { marginLeft: "4px", padding: "0 6px", borderRadius: "9px",
        background: "#d6336c", fontWeight: "700" });
      a.appendChild(badge);
    }
    return a;
  }
  function show(counts) {
    if (counts && counts.signed_in) {
      tools.appendChild(counted(C.messages, counts.messages));
      tools.appendChild(counted(C.notifications, counts.notifications));
    } else {
      tools.appendChild(link(C.login, linkStyle));
    }
  }
  function mount() {
    d.body.insertBefore(bar, d.body.firstChild);
  }
  if (d.body) mount(); else d.addEventListener("DOMContentLoaded", mount);
  // The member's counts: our cookie, read only by the forum's origin (CORS); without an answer the bar offers login.
  if (window.fetch) {
    window.fetch(C.countsUrl, { credentials: "include", mode: "cors" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(show, function () { show(null); });
  } else show(null);
})();
`;
}

/** A strong validator of the script's bytes. */
export function etagOf(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}
