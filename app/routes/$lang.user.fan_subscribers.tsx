/** user/fan_subscribers: the creator's subscribers and fan earnings per month (issue 28 item 3). A thin adapter over app/features/fans. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FanSubscribersPage } from "~/features/fans/FansPages";
import { loadFanSubscribers } from "~/features/fans/fans.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["fans"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadFanSubscribers(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function FanSubscribersRoute() {
  const page = useLoaderData<typeof loader>();
  return <FanSubscribersPage {...page} />;
}
