import { profileHeaders, profileMeta } from "~/features/profile/meta";
import { ProfileTabPage } from "~/features/profile/ProfileTabPage";

/** p/{username} (G). */
export const handle = { hydrate: false };

export const headers = profileHeaders;
export const meta = profileMeta("");

export default function ProfileTab() {
  return <ProfileTabPage tab="" />;
}
