import type { AnchorHTMLAttributes } from "react";

/** What the chrome passes to its links: an anchor's attributes and a path (`to`), nothing of the router's options. */
export type ChromeLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };
