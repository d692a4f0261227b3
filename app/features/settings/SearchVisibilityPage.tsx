/** user/search_visibility, the page: listed in search or hidden; invisible browsing, open to plus members only. */
import { Form, Link } from "@remix-run/react";
import { checkoutPath } from "#server/contract/checkout-path";
import { useLang } from "~/i18n/lang";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import type { FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import { SettingsFrame, SettingsSaveButton } from "./SettingsFrame";

export function SearchVisibilityPage({
  visibility,
  saved,
  reply,
}: {
  visibility: { hiddenInSearch: boolean; invisibleBrowsing: boolean; plusMember: boolean };
  saved: boolean;
  /** A refused save: its errors, and what was sent (kept). */
  reply: FormReply | null;
}) {
  const { t } = useTranslation("visibility");
  const lang = useLang();
  // A checkbox is sent as "on" when ticked, not at all when not.
  const sent = (name: string, stored: boolean) => (reply ? reply.input[name] === "on" : stored);
  const hidden = sent("hidden_in_search", visibility.hiddenInSearch);
  const { invisible_browsing: invisibleErrors = [], ...otherFieldErrors } = reply?.fieldErrors ?? {};
  return (
    <SettingsFrame
      title={t("settings.pages.search_visibility.title")}
      intro={t("visibility.intro")}
      notice={saved ? t("visibility.saved") : null}
    >
      <FormErrors errors={[...(reply?.formErrors ?? []), ...Object.values(otherFieldErrors).flat()]} />
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
          defaultChecked={visibility.plusMember ? sent("invisible_browsing", visibility.invisibleBrowsing) : false}
          disabled={!visibility.plusMember}
          errors={invisibleErrors}
          hint={visibility.plusMember ? t("visibility.invisible_hint") : t("visibility.invisible_plus_only")}
        />
        <SettingsSaveButton />
      </Form>
      {visibility.plusMember ? null : (
        <p>
          <Link to={checkoutPath(lang, "membership")} data-testid="invisible-upgrade">
            {t("visibility.plus_link")}
          </Link>
        </p>
      )}
    </SettingsFrame>
  );
}
