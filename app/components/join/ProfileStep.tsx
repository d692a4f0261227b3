import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DESCRIPTION_MAX, INTERESTS_MAX, PROFESSION_MAX, STATUS_TEXT_MAX } from "#server/contract/registration-steps";
import type { StepData } from "~/api/join-steps.server";
import { Field, FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import * as ui from "~/styles/ui.css";
import { CityField } from "./CityField";
import { SubmitRow, TraitChoices, TraitSelect, valueOf } from "./controls";

/** Step 3: who you are (relationship_status, race_type, sexuality and the city required) and your texts. */
export function ProfileStep({ step, lastResult }: { step: StepData; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      relationship_status: step.traits.relationship_status?.[0],
      race_type: step.traits.race_type?.[0],
      sexuality: step.traits.sexuality?.[0],
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
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <TraitChoices group="relationship_status" field={fields.relationship_status} required />
      <TraitChoices group="race_type" field={fields.race_type} required />
      <TraitChoices group="sexuality" field={fields.sexuality} required />
      <CityField
        field={fields.city}
        keyField={fields.city_key}
        label={t("join_steps.profile.city")}
        hint={t("join_steps.profile.city_hint")}
      />
      <TraitSelect group="nationality" field={fields.nationality} />
      <TraitChoices group="languages" field={fields.languages} />
      <Field
        label={t("join_steps.profile.profession")}
        name="profession"
        maxLength={PROFESSION_MAX}
        defaultValue={valueOf(fields.profession)}
        errors={fields.profession.errors}
      />
      <TextAreaField
        label={t("join_steps.profile.status")}
        name="status"
        maxLength={STATUS_TEXT_MAX}
        rows={2}
        hint={t("join_steps.max_chars", { max: STATUS_TEXT_MAX })}
        defaultValue={valueOf(fields.status)}
        errors={fields.status.errors}
      />
      <TextAreaField
        label={t("join_steps.profile.description")}
        name="description"
        maxLength={DESCRIPTION_MAX}
        rows={6}
        hint={t("join_steps.max_chars", { max: DESCRIPTION_MAX })}
        defaultValue={valueOf(fields.description)}
        errors={fields.description.errors}
      />
      <TextAreaField
        label={t("join_steps.profile.interests")}
        name="interests"
        maxLength={INTERESTS_MAX}
        rows={3}
        defaultValue={valueOf(fields.interests)}
        errors={fields.interests.errors}
      />
      <SubmitRow>
        <button className={ui.button} type="submit">
          {t("join_steps.save_continue")}
        </button>
      </SubmitRow>
    </Form>
  );
}
