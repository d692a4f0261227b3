import { useMatches } from "@remix-run/react";
import { useMemo } from "react";
import { DEFAULT_NAMESPACE } from "#server/contract/locales";

/** The namespaces route modules declare in `handle.i18n`, the default one first, each once. */
export function namespacesOf(handles: readonly unknown[]): string[] {
  const namespaces = new Set<string>([DEFAULT_NAMESPACE]);
  for (const handle of handles) {
    const declared = (handle as { i18n?: unknown } | null | undefined)?.i18n;
    for (const ns of typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared : [])
      if (typeof ns === "string") namespaces.add(ns);
  }
  return [...namespaces];
}

/** The namespaces of the routes matched right now (on a client navigation: the routes being entered). */
export function useRouteNamespaces(): string[] {
  const matches = useMatches();
  const key = namespacesOf(matches.map((match) => match.handle)).join(",");
  return useMemo(() => key.split(","), [key]);
}
