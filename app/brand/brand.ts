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

const BRANDS: Record<BrandId, Brand> = {
  default: { id: "default", name: "Velora", showMagazine: true },
  "white-label": { id: "white-label", name: WHITE_LABEL_NAME, showMagazine: false },
};

export const brand: Brand = BRANDS[BUILD_BRAND];

/** i18next default variables: every text can say {{brand}}. */
export function brandVariables() {
  return { brand: brand.name };
}
