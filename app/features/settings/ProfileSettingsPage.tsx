/**
 * user/{name_characteristics | status_description | service_prices | contact}: the registration forms
 * again, filled with what is saved, under a "save" button; the page says when it saved.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StepData } from "#server/contract/registration-steps";
import type { SettingsKey, SettingsSection } from "#server/contract/settings";
import { AppearanceStep } from "~/features/registration/AppearanceStep";
import { AvailabilityStep } from "~/features/registration/AvailabilityStep";
import { BusinessDescriptionStep, BusinessServicesStep } from "~/features/registration/BusinessSteps";
import { ProfileStep } from "~/features/registration/ProfileStep";
import { ServicesStep } from "~/features/registration/ServicesStep";
import { FormErrors } from "~/components/Field";
import { allErrors, readReply } from "~/components/form/reply";
import { TextReviewNotice } from "~/features/moderation/TextReviewNotice";
import { useLocalePath } from "~/i18n/lang";
import { pageTextKey } from "./page-text";
import { SettingsFrame } from "./SettingsFrame";

interface Props {
  pageKey: SettingsKey;
  sections: SettingsSection[];
  step: StepData;
  isBusiness: boolean;
  /** After a save: everything is public now, or a text of the page waits for the team (ADR 030); null otherwise. */
  saved: "visible" | "review" | null;
  /** A refused post: its reply (which section it was, the errors, the input). */
  failed: { lastResult: SubmissionResult<string[]> } | null;
}

function SectionForm({
  section,
  step,
  lastResult,
  label,
}: {
  section: SettingsSection;
  step: StepData;
  lastResult?: SubmissionResult<string[]>;
  label: string;
}) {
  const props = { step, lastResult, submitLabel: label };
  switch (section) {
    case "appearance":
      return <AppearanceStep {...props} />;
    case "profile":
      return <ProfileStep {...props} />;
    case "services":
      return <ServicesStep {...props} />;
    case "availability":
      return <AvailabilityStep {...props} withAvailableNow />;
    case "business_services":
      return <BusinessServicesStep {...props} />;
    case "business_description":
      return <BusinessDescriptionStep {...props} />;
    case "business_schedule":
      return <AvailabilityStep {...props} withAvailableNow={false} />;
  }
}

export function ProfileSettingsPage({ pageKey, sections, step, isBusiness, saved, failed }: Props) {
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
          {section === "profile" || section === "business_description" ? (
            <TextReviewNotice reviews={step.text_reviews} withIntro={saved !== "review"} />
          ) : null}
          <SectionForm
            section={section}
            step={step}
            lastResult={failedSection === section ? failed?.lastResult : undefined}
            label={t("settings.save")}
          />
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
