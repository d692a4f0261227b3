import { profileHeaders, profileMeta } from "~/components/profile/meta";
import { ProfileTabPage } from "~/components/profile/ProfileTabRoute";

/** p/{username} (G). */
export const handle = { hydrate: false };

export const headers = profileHeaders;
export const meta = profileMeta("");

export default function ProfileTab() {
  return <ProfileTabPage tab="" />;
}
