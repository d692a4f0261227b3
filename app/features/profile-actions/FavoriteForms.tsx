/** The favorite forms of the profile page (issue 11). */
import type { ProfileActionFormProps } from "./form-parts";

export function FavoriteForms(_props: ProfileActionFormProps) {
  return null;
}
