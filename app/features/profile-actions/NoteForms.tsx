/** The note forms of the profile page (issue 11). */
import type { ProfileActionFormProps } from "./form-parts";

export function NoteForms(_props: ProfileActionFormProps) {
  return null;
}
