import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SPECIAL_DATA_CONSENT_FIELD } from "#server/contract/consents";
import { DESCRIPTION_MAX, INTERESTS_MAX, PROFESSION_MAX, STATUS_TEXT_MAX } from "#server/contract/profile-text-limits";
import { Field, FormErrors } from "~/components/Field";
import { CheckboxField, TextAreaField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";
import { CityField } from "./CityField";
import { StepSaveButton, TraitChoices, TraitSelect, valueOf, type StepFormProps } from "./controls";
import * as css from "./steps.css";

/**
 * Step 3: who you are (relationship status and the city required) and your
 * texts. Ethnicity and sexual orientation sit apart, optional, with their
 * own consent checkbox (GDPR Art. 9, ADR 023): without the tick neither is
 * stored, and unticking later deletes both.
 */
export function ProfileStep({ step, lastResult, submitLabel }: StepFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useReplyForm({
    lastResult,
    defaultValue: {
      relationship_status: step.traits.relationship_status?.[0],
      race_type: step.traits.race_type?.[0],
      sexuality: step.traits.sexuality?.[0],
      [SPECIAL_DATA_CONSENT_FIELD]: step.special_data_consent ? "on" : undefined,
      city: step.city,
      city_key: step.city_key,
      nationality: step.traits.nationality?.[0],
      languages: step.traits.languages ?? [],
      profession: step.profession,
      status: step.status,
      description: step.description,
      interests: step.interests,
    },
  });
  const consent = fields[SPECIAL_DATA_CONSENT_FIELD];
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <TraitChoices group="relationship_status" field={fields.relationship_status} required />
      <section className={css.special} aria-labelledby="special-data-title" data-testid="special-data">
        <h2 id="special-data-title" className={css.sectionTitle}>
          {t("registration_steps.profile.special_title")}
        </h2>
        <p className={ui.muted}>{t("registration_steps.profile.special_text")}</p>
        <div className={ui.stack}>
          <TraitChoices group="race_type" field={fields.race_type} />
          <TraitChoices group="sexuality" field={fields.sexuality} />
          <CheckboxField
            label={t("registration_steps.profile.special_consent")}
            name={SPECIAL_DATA_CONSENT_FIELD}
            defaultChecked={consent.initialValue === "on"}
            errors={consent.errors}
          />
        </div>
      </section>
      <CityField
        field={fields.city}
        keyField={fields.city_key}
        label={t("registration_steps.profile.city")}
        hint={t("registration_steps.profile.city_hint")}
      />
      <TraitSelect group="nationality" field={fields.nationality} />
      <TraitChoices group="languages" field={fields.languages} />
      <Field
        label={t("registration_steps.profile.profession")}
        name="profession"
        maxLength={PROFESSION_MAX}
        defaultValue={valueOf(fields.profession)}
        errors={fields.profession.errors}
      />
      <TextAreaField
        label={t("registration_steps.profile.status")}
        name="status"
        maxLength={STATUS_TEXT_MAX}
        rows={2}
        hint={t("registration_steps.max_chars", { max: STATUS_TEXT_MAX })}
        defaultValue={valueOf(fields.status)}
        errors={fields.status.errors}
      />
      <TextAreaField
        label={t("registration_steps.profile.description")}
        name="description"
        maxLength={DESCRIPTION_MAX}
        rows={6}
        hint={t("registration_steps.max_chars", { max: DESCRIPTION_MAX })}
        defaultValue={valueOf(fields.description)}
        errors={fields.description.errors}
      />
      <TextAreaField
        label={t("registration_steps.profile.interests")}
        name="interests"
        maxLength={INTERESTS_MAX}
        rows={3}
        defaultValue={valueOf(fields.interests)}
        errors={fields.interests.errors}
      />
      <StepSaveButton label={submitLabel} />
    </Form>
  );
}
