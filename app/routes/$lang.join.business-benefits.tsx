/** join/business-benefits (G): the business account and plus for businesses (spec section 6). */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BenefitsPage, BUSINESS_ACCOUNT, PROVIDER_PLUS } from "~/features/join/BenefitsPage";
import { i18nServer } from "~/i18n/i18next.server";
import { metaFromLoader } from "~/utils/meta";
import { GUEST_MAX_AGE, guestPage } from "~/utils/cache-headers";

export const handle = { i18n: ["join"] };

const PUBLIC_HEADERS = guestPage(GUEST_MAX_AGE.static);

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("join.benefits.business_meta_title"), description: t("join.benefits.business_intro") },
    { headers: PUBLIC_HEADERS },
  );
}

export function headers() {
  return PUBLIC_HEADERS;
}

export const meta = metaFromLoader();

export default function BusinessBenefitsPage() {
  const { title, description } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <BenefitsPage
      title={title}
      intro={description}
      sections={[
        { key: "business_account", items: BUSINESS_ACCOUNT },
        { key: "provider_plus", items: PROVIDER_PLUS },
      ]}
      cta={{ to: "join/business", label: t("join.benefits.business_cta") }}
    />
  );
}
