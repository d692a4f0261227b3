/** my_date (spec section 2 "Personal"; issue 13, ADR 046): the member's dates by stage. A thin adapter over app/features/dates. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DateListPage } from "~/features/dates/DatesPages";
import { loadDateList } from "~/features/dates/dates.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { AdSlot } from "~/features/ads/AdZone";
import { withAdZone } from "~/features/ads/ads.server";

export const handle = { i18n: ["dating", "ads"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => withAdZone(args, "my_dating", loadDateList(args));

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MyDatesRoute() {
  const { list, ad } = useLoaderData<typeof loader>();
  return (
    <>
      <DateListPage list={list} />
      <AdSlot zone={ad} pageKey="my_dating" />
    </>
  );
}
