/**
 * Whether a page ships JavaScript: not when any of its matched routes sets `handle.hydrate = false`. One rule for
 * the root layout (which leaves `<Scripts>` out then) and the server's render (which then needs no loader data for
 * the browser: ADR 166).
 */
export function hydratesWith(handles: Iterable<unknown>): boolean {
  for (const handle of handles) if ((handle as { hydrate?: boolean } | undefined)?.hydrate === false) return false;
  return true;
}
