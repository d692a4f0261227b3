/** a/{code}: a partner's affiliate link (issue 32 item 6, ADR 135). A thin adapter over app/features/affiliates. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AffiliateLinkPage } from "~/features/affiliates/AffiliateLinkPage";
import { loadAffiliateLink, submitAffiliateLink } from "~/features/affiliates/link.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["affiliates"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAffiliateLink(args);

export const action = (args: ActionFunctionArgs) => submitAffiliateLink(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default AffiliateLinkPage;
