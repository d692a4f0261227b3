import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { MemberHome } from "~/features/home/MemberHome";
import { loadMemberHome } from "~/features/home/member-home.server";
import { pageMeta, PRIVATE_HEADERS } from "~/utils/seo";

/** /{lang}/homepage/{popFilters?} (login needed): the member home. */
export const handle = { i18n: ["home", "search"] };

export const loader = (args: LoaderFunctionArgs) => loadMemberHome(args, "homepage");

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  pageMeta({ title: data?.title ?? "", origin: "", pathname: location.pathname, noindex: true });

export default function MemberHomePage() {
  return <MemberHome data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
