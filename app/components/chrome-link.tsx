/**
 * The links of the header, the footer and the bell (ADR 159), and of pages that list many (the dashboard, the
 * messenger's threads, favorites: ADR 173): on the server `./chrome-link.server`'s plain anchors, in the browser
 * (where that module is empty) Remix's `Link` and `NavLink`. Same markup either way.
 */
import { Link, NavLink } from "@remix-run/react";
import type { ComponentType } from "react";
import type { ChromeLinkProps } from "./chrome-link-props";
import * as onServer from "./chrome-link.server";

export const ChromeLink: ComponentType<ChromeLinkProps> = onServer.PlainLink ?? Link;
export const ChromeNavLink: ComponentType<ChromeLinkProps> = onServer.PlainNavLink ?? NavLink;
