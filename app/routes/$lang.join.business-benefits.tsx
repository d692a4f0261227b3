/** join/business-benefits (G): the business account and plus for businesses (spec section 6). */
import { BenefitsRoutePage } from "~/features/registration/BenefitsPage";
import { BENEFITS_HEADERS, benefitsLoader } from "~/features/registration/benefits.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["registration", "plus"] };

export const loader = benefitsLoader("business");

export function headers() {
  return BENEFITS_HEADERS;
}

export const meta = metaFromLoader();

export default function BusinessBenefitsPage() {
  return <BenefitsRoutePage kind="business" />;
}
