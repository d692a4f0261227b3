import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { APPEARANCE_MEASURES, cupSizeApplies, penisFieldsApply, PENIS_FIELD_MAX_CHARS } from "#server/contract/profile-form-limits";
import { Field, FormErrors } from "~/components/Field";
import * as ui from "~/styles/ui.css";
import { StepSaveButton, TraitChoices, valueOf, type FieldLike, type StepFormProps } from "./controls";
import * as css from "./steps.css";

/** Step 4: measures (with their ranges as hints) and appearance choices; penis fields and cup sizes only where the gender makes them apply. */
export function AppearanceStep({ step, lastResult, submitLabel }: StepFormProps) {
  const { t } = useTranslation();
  const single = (key: string) => step.traits[key]?.[0];
  const [form, fields] = useReplyForm({
    lastResult,
    defaultValue: {
      height: step.height ?? undefined,
      weight: step.weight ?? undefined,
      penis_length: step.penis_length ?? undefined,
      penis_diameter: step.penis_diameter ?? undefined,
      figure_type: single("figure_type"),
      cup_size: single("cup_size"),
      hair_length: single("hair_length"),
      hair_color: single("hair_color"),
      body_hair: single("body_hair"),
      intimate_hair: single("intimate_hair"),
      tattoo: single("tattoo"),
      characteristic_trait: step.traits.characteristic_trait ?? [],
      piercing: step.traits.piercing ?? [],
    },
  });
  const measure = (key: keyof typeof APPEARANCE_MEASURES, field: FieldLike, decimal: boolean) => {
    const { min, max } = APPEARANCE_MEASURES[key];
    return (
      <Field
        label={t(`registration_steps.appearance.${key}`)}
        name={key}
        inputMode={decimal ? "decimal" : "numeric"}
        maxLength={decimal ? PENIS_FIELD_MAX_CHARS : 3}
        hint={t("registration_steps.range_hint", { min, max })}
        defaultValue={valueOf(field)}
        errors={field.errors}
      />
    );
  };
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <div className={css.twoColumns}>
        {measure("height", fields.height, false)}
        {measure("weight", fields.weight, false)}
        {penisFieldsApply(step.gender) ? (
          <>
            {measure("penis_length", fields.penis_length, true)}
            {measure("penis_diameter", fields.penis_diameter, true)}
          </>
        ) : null}
      </div>
      <TraitChoices group="figure_type" field={fields.figure_type} />
      {cupSizeApplies(step.gender) ? <TraitChoices group="cup_size" field={fields.cup_size} /> : null}
      <TraitChoices group="hair_length" field={fields.hair_length} />
      <TraitChoices group="hair_color" field={fields.hair_color} />
      <TraitChoices group="body_hair" field={fields.body_hair} />
      <TraitChoices group="intimate_hair" field={fields.intimate_hair} />
      <TraitChoices group="characteristic_trait" field={fields.characteristic_trait} />
      <TraitChoices group="piercing" field={fields.piercing} />
      <TraitChoices group="tattoo" field={fields.tattoo} />
      <StepSaveButton label={submitLabel} />
    </Form>
  );
}
