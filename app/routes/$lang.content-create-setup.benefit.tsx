/** content-create-setup/benefit (spec section 2, issue 28 item 4): why to create. A thin adapter over app/features/creator-media. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadBenefit } from "~/features/creator-media/content-create.server";
import { BenefitPage } from "~/features/creator-media/ContentCreatePages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["creator-media"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBenefit(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ContentCreateBenefitRoute() {
  return <BenefitPage page={useLoaderData<typeof loader>()} />;
}
