/** join/benefits (G): plus membership for clients and escorts, and the escort rise-up (spec section 6). */
import { BenefitsRoutePage } from "~/features/registration/BenefitsPage";
import { BENEFITS_HEADERS, benefitsLoader } from "~/features/registration/benefits.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["registration", "plus"] };

export const loader = benefitsLoader("plus");

export function headers() {
  return BENEFITS_HEADERS;
}

export const meta = metaFromLoader();

export default function PlusBenefitsPage() {
  return <BenefitsRoutePage kind="plus" />;
}
