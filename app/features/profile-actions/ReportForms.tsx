/** The report forms of the profile page (issue 11). */
import type { ProfileActionFormProps } from "./form-parts";

export function ReportForms(_props: ProfileActionFormProps) {
  return null;
}
