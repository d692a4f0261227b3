/** join/benefits (G): plus membership for clients and escorts, and the escort rise-up (spec section 6). */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BenefitsPage, CLIENT_PLUS, PROVIDER_PLUS, RISE_UP } from "~/features/join/BenefitsPage";
import { i18nServer } from "~/i18n/i18next.server";
import { metaFromLoader } from "~/utils/meta";
import { GUEST_MAX_AGE, guestPage } from "~/utils/cache-headers";

export const handle = { i18n: ["join"] };

const PUBLIC_HEADERS = guestPage(GUEST_MAX_AGE.static);

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("join.benefits.meta_title"), description: t("join.benefits.intro") }, { headers: PUBLIC_HEADERS });
}

export function headers() {
  return PUBLIC_HEADERS;
}

export const meta = metaFromLoader();

export default function PlusBenefitsPage() {
  const { title, description } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <BenefitsPage
      title={title}
      intro={description}
      sections={[
        { key: "client_plus", items: CLIENT_PLUS },
        { key: "provider_plus", items: PROVIDER_PLUS },
        { key: "rise_up", items: RISE_UP },
      ]}
      cta={{ to: "join/user", label: t("join.benefits.cta") }}
    />
  );
}
