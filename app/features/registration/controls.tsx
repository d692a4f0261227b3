/**
 * Building blocks of the step forms: a step frame with progress, and choice
 * groups for trait groups (radio for single choice, checkboxes for multiple;
 * escort services grouped by category) labelled from traits.* keys, their
 * options as the page's loader sent them (./trait-groups, ADR 161).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import type { StepData } from "#server/contract/registration-steps";
import { useTranslation } from "react-i18next";
import { traitCategoryKey, traitLabelKey, traitTitleKey } from "#server/contract/trait-keys";
import * as ui from "~/styles/ui.css";
import * as css from "./steps.css";
import { StepErrorLine, valueOf, valuesOf, type FieldLike } from "./step-field";
import { useTraitGroup } from "./trait-groups";

export { StepErrorLine, valueOf, valuesOf, type FieldLike } from "./step-field";

export function StepProgress({ items }: { items: Array<{ key: string; done: boolean; current: boolean }> }) {
  const { t } = useTranslation();
  const currentIndex = items.findIndex((item) => item.current);
  return (
    <nav aria-label={t("registration_steps.progress_label")}>
      <p className={ui.muted}>{t("registration_steps.step_of", { current: currentIndex + 1, total: items.length })}</p>
      <ol className={css.progress}>
        {items.map((item) => (
          <li
            key={item.key}
            className={`${css.progressItem} ${item.current ? css.progressCurrent : item.done ? css.progressDone : ""}`}
            aria-current={item.current ? "step" : undefined}
          >
            {t(`registration_steps.steps.${item.key}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Characters of the longest word that still fit half a 390 px phone's option grid beside its control. */
const LONG_WORD = 13;
const longestWord = (label: string) => Math.max(...label.split(/[\s/-]+/).map((word) => word.length));

/** One trait group as a fieldset. Required single choices get a helper text. */
export function TraitChoices({ group, field, required = false }: { group: string; field: FieldLike; required?: boolean }) {
  const { t } = useTranslation();
  const definition = useTraitGroup(group);
  if (!definition) return null;
  const selected = new Set(valuesOf(field));
  const type = definition.choice === "single" ? "radio" : "checkbox";
  const hasError = (field.errors?.length ?? 0) > 0;
  const hintId = required ? `field-${group}-hint` : undefined;
  const describedBy = [hasError ? `field-${group}-error` : null, hintId].filter(Boolean).join(" ") || undefined;
  // Without JavaScript a radio cannot be unticked: optional single choices offer "no answer", once per group.
  const noAnswer = type === "radio" && !required;
  const option = (value: string, label: string, checked: boolean) => (
    // A label with a word too long for half a phone's width gets a row of its own instead of overflowing.
    <label key={value} className={`${css.option} ${longestWord(label) > LONG_WORD ? css.optionWide : ""}`}>
      <input
        className={css.control}
        type={type}
        name={field.name}
        value={value}
        defaultChecked={checked}
        required={required && type === "radio" ? true : undefined}
      />
      <span className={css.optionText}>{label}</span>
    </label>
  );
  const noAnswerOption = noAnswer ? option("", t("registration_steps.no_answer"), selected.size === 0) : null;
  const renderOptions = (options: typeof definition.options, first: ReactNode = null) => (
    <div className={css.options}>
      {first}
      {options.map((o) => option(String(o.id), t(traitLabelKey(group, o.key)), selected.has(String(o.id))))}
    </div>
  );
  return (
    <fieldset className={css.fieldset} aria-invalid={hasError || undefined} aria-describedby={describedBy} data-group={group}>
      <legend className={css.legend}>
        {t(traitTitleKey(group))}
        {required ? " *" : ""}
      </legend>
      {required ? (
        <p id={hintId} className={ui.muted}>
          {t("registration_steps.required_choice")}
        </p>
      ) : null}
      {definition.categories ? (
        <>
          {noAnswerOption ? <div className={css.options}>{noAnswerOption}</div> : null}
          {definition.categories.map((category) => (
            <div key={category}>
              <p className={css.category}>{t(traitCategoryKey(group, category))}</p>
              {renderOptions(definition.options.filter((o) => o.category === category))}
            </div>
          ))}
        </>
      ) : (
        renderOptions(definition.options, noAnswerOption)
      )}
      <StepErrorLine name={group} errors={field.errors} />
    </fieldset>
  );
}

/** A long single-choice group (nationality) as a select. */
export function TraitSelect({ group, field }: { group: string; field: FieldLike }) {
  const { t } = useTranslation();
  const definition = useTraitGroup(group);
  if (!definition) return null;
  const options = definition.options
    .map((option) => ({ value: String(option.id), label: t(traitLabelKey(group, option.key)) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const hasError = (field.errors?.length ?? 0) > 0;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={`field-${group}`}>
        {t(traitTitleKey(group))}
      </label>
      <select
        id={`field-${group}`}
        name={field.name}
        className={ui.input}
        defaultValue={valueOf(field)}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? `field-${group}-error` : undefined}
      >
        <option value="">{t("registration_steps.choose")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <StepErrorLine name={group} errors={field.errors} />
    </div>
  );
}

/** What every step form takes: the saved values, the last answer, and its button's words (settings say "save"). */
export interface StepFormProps {
  step: StepData;
  lastResult?: SubmissionResult<string[]>;
  submitLabel?: string;
}

export function SubmitRow({ children }: { children: ReactNode }) {
  return <div className={ui.row}>{children}</div>;
}

/** A step form's button: "save and continue" in the walk, the settings page's own words (`label`) there. */
export function StepSaveButton({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <SubmitRow>
      <button className={ui.button} type="submit">
        {label ?? t("registration_steps.save_continue")}
      </button>
    </SubmitRow>
  );
}
