/**
 * The trait groups a join or settings page shows, as its loader sent them (ADR 161): the catalog of every group
 * (contract/trait-catalog.ts, 4.6 KB gzipped) stays on the server, and the step's choice fieldsets read their options
 * from this context instead.
 */
import { createContext, useContext } from "react";
import type { TraitGroup } from "#server/contract/trait-catalog";

/** What a fieldset needs of a group: how many may be chosen, its categories and its options. */
export type ShownTraitGroup = Pick<TraitGroup, "choice" | "categories" | "options">;
export type ShownTraitGroups = Readonly<Record<string, ShownTraitGroup>>;

const TraitGroupsContext = createContext<ShownTraitGroups>({});

export const TraitGroupsProvider = TraitGroupsContext.Provider;

/** The group `key` as the page's loader sent it; undefined when the loader did not send it. */
export function useTraitGroup(key: string): ShownTraitGroup | undefined {
  return useContext(TraitGroupsContext)[key];
}
