/**
 * A server island (ADR 162) whose HTML the server may write again instead of rendering it (ADR 177): for a part that
 * is a function of its `data` (its only prop), the page's URL and its language alone. entry.server provides the page's
 * memo (`server-island-memo.server.ts`); for inputs drawn before it holds the very HTML the part drew, written here in
 * the island's own wrapper, so the bytes are the same. Without a memo (the browser, a test) this is the island as it
 * is. Its own module, so only the pages that use it carry it.
 */
import { createContext, useContext, type ComponentType } from "react";
import { serverIsland } from "./ServerIsland";

/** The page's memo: the HTML an island drew for equal inputs, or null (the island renders; the page keeps it). */
export interface IslandMemo {
  html(id: string, data: unknown): string | null;
}
export const IslandMemoContext = createContext<IslandMemo | null>(null);

/** ServerIsland's wrapper style: the remembered HTML sits in the same element. */
const CONTENTS = { display: "contents" } as const;

export function rememberedIsland<P extends { data: unknown }>(id: string, load: () => Promise<{ default: ComponentType<P> }>) {
  const Island = serverIsland<P>(id, load);
  function RememberedIsland(props: P) {
    const memo = useContext(IslandMemoContext);
    const remembered = memo ? memo.html(id, props.data) : null;
    if (remembered !== null) return <div data-island={id} style={CONTENTS} dangerouslySetInnerHTML={{ __html: remembered }} />;
    return <Island {...props} />;
  }
  RememberedIsland.displayName = `RememberedIsland(${id})`;
  return RememberedIsland;
}
