import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadProfileBundles } from "~/features/bundles/bundles.server";
import { ProfileBundlesTab } from "~/features/bundles/OtherBundlePages";
import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";

/** p/{username}/bundles (issue 28 item 1): the creator's bundles with blurred previews and prices. */
export const handle = { i18n: ["bundle"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadProfileBundles(args);

export const headers = profileHeaders;
export const meta = profileMeta("bundles");

export default function ProfileTab() {
  const { bundles } = useLoaderData<typeof loader>();
  return <ProfileTabPage tab="bundles" content={() => <ProfileBundlesTab bundles={bundles} />} />;
}
