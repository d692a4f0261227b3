import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";

/** p/{username}/events (G): its content arrives with a later feature; until then a real empty state. */
export const handle = { hydrate: false };

export const headers = profileHeaders;
export const meta = profileMeta("events");

export default function ProfileTab() {
  return <ProfileTabPage tab="events" />;
}
