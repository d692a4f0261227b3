/** user/fans: the member's fan subscriptions (issue 28 item 3). A thin adapter over app/features/fans. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MySubscriptionsPage } from "~/features/fans/FansPages";
import { loadMySubscriptions } from "~/features/fans/fans.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["fans"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadMySubscriptions(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MyFanSubscriptionsRoute() {
  const page = useLoaderData<typeof loader>();
  return <MySubscriptionsPage {...page} />;
}
