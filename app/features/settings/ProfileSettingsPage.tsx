/**
 * user/{name_characteristics | status_description | service_prices | contact}: the registration forms
 * again, filled with what is saved, under a "save" button; the page says when it saved.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { StepData } from "#server/contract/registration-steps";
import type { SettingsKey, SettingsSection } from "#server/contract/settings";
import { FormErrors } from "~/components/Field";
import { allErrors, readReply } from "~/components/form/reply";
import type { StepFormProps } from "~/features/registration/controls";
import { TraitGroupsProvider } from "~/features/registration/trait-groups";
import { useLocalePath } from "~/i18n/lang";
import { pageTextKey } from "./page-text";
import type { loadProfileSettings, submitProfileSettings } from "./settings.server";
import { SettingsFrame } from "./SettingsFrame";

/** A section's form as its page's route draws it (the registration step's form, with what the page knows). */
export type SectionForm = (props: SectionFormProps) => ReactNode;

export interface SectionFormProps extends StepFormProps {
  submitLabel: string;
  /** What the page says after a save (a moderated text's notice says less then). */
  saved: "visible" | "review" | null;
}

/**
 * One route module per page key (ADR 167): each names the forms of the sections it can show (individuals' and
 * businesses'), so a page loads only its own forms' code, not every registration step's.
 */
export function ProfileSettingsRoute({ forms }: { forms: Partial<Record<SettingsSection, SectionForm>> }) {
  const { key, sections, step, isBusiness, savedState, traitGroups } = useLoaderData<typeof loadProfileSettings>();
  const failed = useActionData<typeof submitProfileSettings>() ?? null;
  return (
    <TraitGroupsProvider value={traitGroups}>
      <ProfileSettingsPage
        key={key}
        pageKey={key}
        sections={sections}
        step={step}
        isBusiness={isBusiness}
        saved={failed ? null : savedState}
        failed={failed}
        forms={forms}
      />
    </TraitGroupsProvider>
  );
}

interface Props {
  pageKey: SettingsKey;
  sections: SettingsSection[];
  step: StepData;
  isBusiness: boolean;
  /** After a save: everything is public now, or a text of the page waits for the team (ADR 030); null otherwise. */
  saved: "visible" | "review" | null;
  /** A refused post: its reply (which section it was, the errors, the input). */
  failed: { lastResult: SubmissionResult<string[]> } | null;
  forms: Partial<Record<SettingsSection, SectionForm>>;
}

export function ProfileSettingsPage({ pageKey, sections, step, isBusiness, saved, failed, forms }: Props) {
  const { t } = useTranslation("account");
  const to = useLocalePath();
  // The sections' forms do not name themselves: a post without `section` is the first section's.
  const reply = readReply(failed?.lastResult);
  const sent = typeof reply.input.section === "string" ? reply.input.section : sections[0];
  const failedSection = failed ? (sections.find((section) => section === sent) ?? null) : null;
  return (
    <SettingsFrame
      title={t(pageTextKey(pageKey, "title", isBusiness))}
      intro={t(pageTextKey(pageKey, "intro", isBusiness))}
      notice={saved === "review" ? t("settings.saved_review") : saved === "visible" ? t("settings.saved") : null}
    >
      {" "}
      {/* A post for a section this page does not have (a hand-made one): its error above the forms. */}
      {failed && !failedSection ? <FormErrors errors={allErrors(reply)} /> : null}
      {sections.map((section) => (
        <div key={section} data-section={section}>
          {forms[section]?.({
            step,
            lastResult: failedSection === section ? failed?.lastResult : undefined,
            submitLabel: t("settings.save"),
            saved,
          })}
        </div>
      ))}
      {pageKey === "contact" ? (
        <p>
          <Link to={to("user/phone")}>{t("settings.phone_link")}</Link>
        </p>
      ) : null}
    </SettingsFrame>
  );
}
