/**
 * Profile trait groups of spec section 3 and their options. The spec names the
 * groups but not the options ("not shown"); these lists are our design. Each
 * option has a stable numeric id (stored) and a key; its label is the
 * translation key `traits.<group>.<key>` in the common namespace.
 */
export interface TraitOption {
  id: number;
  key: string;
  /** escort_service only: soft, hard, clothing or fetish. */
  category?: string;
}

export interface TraitGroup {
  key: string;
  /** single: one choice; multiple: any number. */
  choice: "single" | "multiple";
  options: TraitOption[];
}

function options(keys: string[], start = 1): TraitOption[] {
  return keys.map((key, index) => ({ id: start + index, key }));
}

export const TRAIT_GROUPS: TraitGroup[] = [
  { key: "relationship_status", choice: "single", options: options(["single", "in_relationship", "married", "open_relationship", "divorced", "widowed"]) },
  { key: "sexuality", choice: "single", options: options(["heterosexual", "homosexual", "bisexual", "pansexual", "asexual"]) },
];
