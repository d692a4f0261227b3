/**
 * Brand variants (spec section 1), fixed at build time by BRAND. The
 * white-label variant swaps the brand name in displayed text and has no
 * magazine link.
 */
import { BUILD_BRAND, WHITE_LABEL_NAME } from "./current.generated";

export type BrandId = "default" | "white-label";

export interface Brand {
  id: BrandId;
  name: string;
  showMagazine: boolean;
}

export const DEFAULT_BRAND_NAME = "Velora";

export function brandFor(id: BrandId, whiteLabelName: string): Brand {
  return id === "white-label"
    ? { id, name: whiteLabelName, showMagazine: false }
    : { id: "default", name: DEFAULT_BRAND_NAME, showMagazine: true };
}

export const brand: Brand = brandFor(BUILD_BRAND, WHITE_LABEL_NAME);

/** i18next default variables: every text can say {{brand}}. */
export function brandVariables() {
  return { brand: brand.name };
}
