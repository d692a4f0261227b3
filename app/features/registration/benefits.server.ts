/** join/benefits and join/business-benefits (G): one loader for both static guest pages. */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { i18nServer } from "~/i18n/i18next.server";
import { GUEST_MAX_AGE, guestPage } from "~/utils/cache-headers";
import { BENEFIT_PAGES, type BenefitPageKind } from "./BenefitsPage";

export const BENEFITS_HEADERS = guestPage(GUEST_MAX_AGE.static);

export function benefitsLoader(kind: BenefitPageKind) {
  const page = BENEFIT_PAGES[kind];
  return async ({ request }: LoaderFunctionArgs) => {
    const t = await i18nServer.getFixedT(request);
    return data({ title: t(page.metaTitleKey), description: t(page.introKey) }, { headers: BENEFITS_HEADERS });
  };
}
