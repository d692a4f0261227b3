/** join/business-benefits (G): the business account and plus for businesses (spec section 6). */
import { BenefitsRoutePage } from "~/features/join/BenefitsPage";
import { BENEFITS_HEADERS, benefitsLoader } from "~/features/join/benefits.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["join"] };

export const loader = benefitsLoader("business");

export function headers() {
  return BENEFITS_HEADERS;
}

export const meta = metaFromLoader();

export default function BusinessBenefitsPage() {
  return <BenefitsRoutePage kind="business" />;
}
