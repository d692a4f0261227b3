/** user/search_visibility, the page: listed in search or hidden; invisible browsing, open to plus members only. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";
import { SettingsFrame, SettingsSaveButton } from "./SettingsFrame";

export function SearchVisibilityPage({
  visibility,
  saved,
  formErrors,
  fieldErrors,
  input,
}: {
  visibility: { hiddenInSearch: boolean; invisibleBrowsing: boolean; plusMember: boolean };
  saved: boolean;
  formErrors: string[];
  fieldErrors: { invisible_browsing?: string[] };
  /** What was sent when the save was refused (kept), else null. */
  input: { hidden_in_search: boolean; invisible_browsing: boolean } | null;
}) {
  const { t } = useTranslation("visibility");
  const hidden = input?.hidden_in_search ?? visibility.hiddenInSearch;
  return (
    <SettingsFrame
      title={t("settings.pages.search_visibility.title")}
      intro={t("visibility.intro")}
      notice={saved ? t("visibility.saved") : null}
    >
      <FormErrors errors={formErrors} />
      <p data-testid="search-visibility-state">{visibility.hiddenInSearch ? t("visibility.state_hidden") : t("visibility.state_listed")}</p>
      <Form method="post" className={`${ui.card} ${ui.stack}`}>
        <CheckboxField
          label={t("visibility.hidden_label")}
          name="hidden_in_search"
          defaultChecked={hidden}
          hint={t("visibility.hidden_hint")}
        />
        <CheckboxField
          label={t("visibility.invisible_label")}
          name="invisible_browsing"
          defaultChecked={visibility.plusMember ? (input?.invisible_browsing ?? visibility.invisibleBrowsing) : false}
          disabled={!visibility.plusMember}
          errors={fieldErrors.invisible_browsing ?? []}
          hint={visibility.plusMember ? t("visibility.invisible_hint") : t("visibility.invisible_plus_only")}
        />
        <SettingsSaveButton />
      </Form>
    </SettingsFrame>
  );
}
