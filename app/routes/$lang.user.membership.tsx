/** user/membership (issue 10). A thin adapter over app/features/settings. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadMembership } from "~/features/settings/membership.server";
import { MembershipPage } from "~/features/settings/MembershipPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "membership"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadMembership(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MembershipRoute() {
  const { membership } = useLoaderData<typeof loader>();
  return <MembershipPage membership={membership} />;
}
