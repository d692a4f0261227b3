/** The friend forms of the profile page (issue 11). */
import type { ProfileActionFormProps } from "./form-parts";

export function FriendForms(_props: ProfileActionFormProps) {
  return null;
}
