/** How much chrome a page wears: a route says so in its handle (`layout`), the deepest match decides. */
import { useMatches } from "@remix-run/react";

export type LayoutKind = "full" | "no-footer" | "bare";

export function useLayoutKind(): LayoutKind {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const kind = (matches[i]?.handle as { layout?: LayoutKind } | undefined)?.layout;
    if (kind) return kind;
  }
  return "full";
}
