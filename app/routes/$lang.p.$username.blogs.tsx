import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadProfileBlogs } from "~/features/community/community.server";
import { ProfileBlogsTab } from "~/features/community/ProfileTabs";
import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";
import { localePath } from "~/i18n/lang";

/** p/{username}/blogs (G, issue 29 item 5): the member's published posts, newest first. */
export const handle = { i18n: ["community"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadProfileBlogs(args);

export const headers = profileHeaders;
export const meta = profileMeta("blogs");

export default function ProfileTab() {
  const { posts, lang } = useLoaderData<typeof loader>();
  return (
    <ProfileTabPage
      tab="blogs"
      content={(page) => (
        <ProfileBlogsTab
          posts={posts}
          lang={lang}
          name={page.profile.displayName}
          base={localePath(lang, `p/${page.profile.username}/blogs`)}
        />
      )}
    />
  );
}
