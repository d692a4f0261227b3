/**
 * The chrome's links as the server renders them (issue 33 item 4, ADR 159): the very markup of Remix's `Link` and
 * `NavLink` for a plain absolute path, without their per-link work on the server — Remix's prefetch state and ref
 * merging, React Router's `useHref`/`useLinkClickHandler`/`useNavigate` hooks, NavLink's `new URL` per link — which
 * bought nothing in a render that ends as HTML. About 30 such links are on every page (header, footer, bell).
 * The browser build leaves this module empty (a `.server` module), so there `./chrome-link` hands out Remix's own
 * components: hydration meets identical markup and client navigation works as before.
 * tests/web/components/chrome-link.test.tsx holds the markup equal to Remix's for every link of the chrome.
 */
import { Link, NavLink, useLocation } from "@remix-run/react";
import type { ChromeLinkProps } from "./chrome-link-props";

/**
 * A path whose href React Router would render as it is: absolute, no empty, "." or ".." segment, ASCII characters
 * its URL parser leaves alone, a search and a hash that are not empty. Anything else is rendered by Remix's own link.
 */
const PLAIN_PATH =
  /^\/(?:[\w~%@!$&'()*+,;=:-][\w.~%@!$&'()*+,;=:-]*(?:\/[\w~%@!$&'()*+,;=:-][\w.~%@!$&'()*+,;=:-]*)*\/?)?(?:\?[^#]+)?(?:#.+)?$/;

export function PlainLink(props: ChromeLinkProps) {
  if (!PLAIN_PATH.test(props.to)) return <Link {...props} />;
  const { to, ...rest } = props;
  // Remix's Link adds data-discover (lazy route discovery) after the caller's props; React Router adds href last.
  return <a {...rest} data-discover="true" href={to} />;
}

export function PlainNavLink(props: ChromeLinkProps) {
  const location = useLocation();
  if (!PLAIN_PATH.test(props.to)) return <NavLink {...props} />;
  const { to, className = "", ...rest } = props;
  // NavLink's rule (React Router 6): active on its path and below it, case-insensitively; never pending on the server.
  const path = to.replace(/[?#].*$/, "").toLowerCase();
  const here = location.pathname.toLowerCase();
  const slashAt = path !== "/" && path.endsWith("/") ? path.length - 1 : path.length;
  const active = here === path || (here.startsWith(path) && here.charAt(slashAt) === "/");
  return (
    <a
      {...rest}
      data-discover="true"
      aria-current={active ? "page" : undefined}
      className={active ? (className ? `${className} active` : "active") : className}
      href={to}
    />
  );
}
