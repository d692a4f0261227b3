/**
 * What each p/{username} tab route renders: the head, the tabs and the tab's content. A tab route passes its own
 * content (`content`, a tab with its own data); without it the tab shows its empty state.
 */
import { useOutletContext, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ProfileActionRefused } from "~/features/profile-actions/types";
import { PROFILE_ROUTE_ID } from "./meta";
import { ProfileOverview } from "./parts/ProfileOverview";
import { ProfileTabEmpty } from "./parts/ProfileTabs";
import type { loadProfileLayout } from "./profile-layout.server";
import { ProfileHead } from "./ProfileView";
import type { ProfileTab } from "./tabs";

/** The profile layout's data for a shown profile. */
export type ProfilePage = Extract<NonNullable<ReturnType<typeof useRouteLoaderData<typeof loadProfileLayout>>>, { kind: "profile" }>;

/** What the profile layout hands its tabs: the answer of a refused member action (its action lives on the layout). */
export interface ProfileOutletContext {
  refused: ProfileActionRefused | null;
}

export function ProfileTabPage({ tab, content }: { tab: ProfileTab; content?: (page: ProfilePage) => ReactNode }) {
  const page = useRouteLoaderData<typeof loadProfileLayout>(PROFILE_ROUTE_ID);
  const outlet = useOutletContext<ProfileOutletContext | undefined>();
  if (!page || page.kind !== "profile") return null;
  return (
    <>
      <ProfileHead
        profile={page.profile}
        lang={page.lang}
        tab={tab}
        signedIn={page.signedIn}
        refused={outlet?.refused ?? null}
        contact={page.contact}
        warned={page.warned}
      />
      {tab === "" ? (
        <ProfileOverview
          profile={page.profile}
          regionbox={page.regionbox}
          lang={page.lang}
          signedIn={page.signedIn}
          interviews={page.interviews}
          preferredDates={page.preferredDates}
        />
      ) : content ? (
        content(page)
      ) : (
        <ProfileTabEmpty tab={tab} profile={page.profile} lang={page.lang} />
      )}
    </>
  );
}
