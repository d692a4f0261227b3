import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Nearby } from "~/features/home/Nearby";
import { loadNearby } from "~/features/home/nearby.server";
import { profileHeaders } from "~/features/profile/headers";
import { metaFromLoader } from "~/utils/meta";

/** /{lang}/nearby (G): profiles nearest first. */
export const handle = { i18n: ["home", "search"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadNearby(args, "nearby");

export const headers = profileHeaders;
export const meta = metaFromLoader();

export default function NearbyPage() {
  return <Nearby {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
