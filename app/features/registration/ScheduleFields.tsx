import { useTranslation } from "react-i18next";
import { LANGUAGE_TAGS } from "#server/contract/locales";
import type { StepData } from "#server/contract/registration-steps";
import { CheckboxField, SelectField } from "~/components/FieldControls";
import { Field } from "~/components/Field";
import { useLang } from "~/i18n/lang";
import * as css from "./steps.css";

/** Blank rows a form without JavaScript offers for new slots; save and return for more. */
const BLANK_ROWS = 3;

type ScheduleSlot = StepData["schedule"][number];
/** A row's initial value: the slot as GET /registration/steps gave it, or the strings of a post sent back with errors. */
type Slot = { [Field in keyof ScheduleSlot]?: ScheduleSlot[Field] | string };

/** Weekday names in the page's language, ISO order (1 Monday … 7 Sunday). */
function useWeekdays(): Array<{ value: string; label: string }> {
  const lang = useLang();
  const format = new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { weekday: "long", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => ({ value: String(i + 1), label: format.format(new Date(Date.UTC(2024, 0, 1 + i))) }));
}

/** Schedule slots (day, from, to, over midnight) as rows; empty rows are ignored on save. */
export function ScheduleFields({ initial, errors }: { initial: unknown; errors: Record<string, string[] | undefined> }) {
  const { t } = useTranslation();
  const weekdays = useWeekdays();
  const slots = (Array.isArray(initial) ? initial : []) as Slot[];
  const rows = [...slots, ...Array.from({ length: BLANK_ROWS }, () => ({}) as Slot)];
  const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));
  return (
    <fieldset className={css.fieldset} data-group="schedule">
      <legend className={css.legend}>{t("registration_steps.schedule.slots")}</legend>
      <p className={`${css.category}`} style={{ fontWeight: 400 }}>
        {t("registration_steps.schedule.hint")}
      </p>
      {rows.map((slot, i) => (
        <div key={i} className={css.row} data-slot={i}>
          <SelectField
            label={t("registration_steps.schedule.day")}
            name={`schedule[${i}].day`}
            id={`field-schedule-${i}-day`}
            options={weekdays}
            placeholder={t("registration_steps.choose")}
            defaultValue={text(slot.day)}
            errors={errors[`schedule[${i}].day`]}
          />
          <Field
            label={t("registration_steps.schedule.time_from")}
            name={`schedule[${i}].time_from`}
            id={`field-schedule-${i}-time_from`}
            type="time"
            defaultValue={text(slot.time_from)}
            errors={errors[`schedule[${i}].time_from`]}
          />
          <Field
            label={t("registration_steps.schedule.time_to")}
            name={`schedule[${i}].time_to`}
            id={`field-schedule-${i}-time_to`}
            type="time"
            defaultValue={text(slot.time_to)}
            errors={errors[`schedule[${i}].time_to`]}
          />
          <CheckboxField
            label={t("registration_steps.schedule.is_over_day")}
            name={`schedule[${i}].is_over_day`}
            id={`field-schedule-${i}-is_over_day`}
            defaultChecked={slot.is_over_day === true || slot.is_over_day === "on" || slot.is_over_day === "true"}
            errors={errors[`schedule[${i}].is_over_day`]}
          />
        </div>
      ))}
    </fieldset>
  );
}
