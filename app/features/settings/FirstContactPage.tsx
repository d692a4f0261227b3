/**
 * user/first_contact_filter_and_blocklist, the page: who may write first (ages, genders, user types,
 * origins, members only, verified only) and the block list (block by username, unblock from the list).
 */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BlockListData } from "~/api/blocks.server";
import { FIRST_CONTACT_AGE, FIRST_CONTACT_COUNTRIES, FIRST_CONTACT_USER_TYPES, type FirstContactFilter } from "#server/contract/settings";
import { USERNAME_MAX } from "#server/contract/validation";
import { GENDER } from "#server/contract/users";
import { Field, FormErrors } from "~/components/Field";
import { CheckboxField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { allErrors, readReply } from "~/components/form/reply";
import * as steps from "~/features/registration/steps.css";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { SettingsFrame, SettingsSaveButton } from "./SettingsFrame";
import * as css from "./settings.css";

interface Answer {
  lastResult: SubmissionResult<string[]>;
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined || value === null || value === "" ? [] : [String(value)];
const asText = (value: unknown): string => (typeof value === "string" || typeof value === "number" ? String(value) : "");

function Choices({
  name,
  legend,
  options,
  chosen,
  errors,
}: {
  name: string;
  legend: string;
  options: Array<{ value: string; label: string }>;
  chosen: string[];
  errors?: string[];
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={steps.fieldset}>
      <legend className={steps.legend}>{legend}</legend>
      <div className={steps.options}>
        {options.map((option) => (
          <label key={option.value} className={steps.option}>
            <input
              className={steps.control}
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={chosen.includes(option.value)}
            />
            <span className={steps.optionText}>{option.label}</span>
          </label>
        ))}
      </div>
      <ErrorLine id={`field-${name}-error`} name={name} message={errors?.[0] ? translateMessage(t, errors[0]) : undefined} />
    </fieldset>
  );
}

/** One end of the age range (the filter's ages, the youngest to the oldest a member may be). */
function AgeField({ bound, field }: { bound: "age_min" | "age_max"; field: { initialValue?: unknown; errors?: string[] } }) {
  const { t } = useTranslation("account");
  return (
    <Field
      label={t(`settings.first_contact.${bound}`)}
      name={bound}
      type="number"
      inputMode="numeric"
      min={FIRST_CONTACT_AGE.min}
      max={FIRST_CONTACT_AGE.max}
      defaultValue={asText(field.initialValue)}
      errors={field.errors}
    />
  );
}

function FilterForm({ filter, lastResult }: { filter: FirstContactFilter; lastResult: SubmissionResult<string[]> | null }) {
  const { t, i18n } = useTranslation("account");
  const [form, fields] = useReplyForm({
    id: "filter-form",
    lastResult,
    defaultValue: {
      age_min: filter.age_min ?? undefined,
      age_max: filter.age_max ?? undefined,
      genders: filter.genders.map(String),
      user_types: filter.user_types,
      countries: filter.countries,
      members_only: filter.members_only ? "on" : undefined,
      verified_only: filter.verified_only ? "on" : undefined,
    },
  });
  const { t: tCommon } = useTranslation();
  const regions = new Intl.DisplayNames([i18n.language], { type: "region" });
  const genders = Object.entries(GENDER).map(([name, code]) => ({ value: String(code), label: t(`traits.gender.${name}`) }));
  const userTypes = FIRST_CONTACT_USER_TYPES.map((type) => ({ value: type, label: tCommon(`user_types.${type}`) }));
  const countries = FIRST_CONTACT_COUNTRIES.map((code) => ({ value: code, label: regions.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.language),
  );
  const chosenCountries = asList(fields.countries.initialValue);
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="filter" />
      <FormErrors errors={form.errors ?? []} />
      <fieldset className={steps.fieldset}>
        <legend className={steps.legend}>{t("settings.first_contact.age")}</legend>
        <div className={ui.row}>
          <AgeField bound="age_min" field={fields.age_min} />
          <AgeField bound="age_max" field={fields.age_max} />
        </div>
      </fieldset>
      <Choices
        name="genders"
        legend={t("settings.first_contact.genders")}
        options={genders}
        chosen={asList(fields.genders.initialValue)}
        errors={fields.genders.errors}
      />
      <Choices
        name="user_types"
        legend={t("settings.first_contact.user_types")}
        options={userTypes}
        chosen={asList(fields.user_types.initialValue)}
        errors={fields.user_types.errors}
      />
      <details open={chosenCountries.length > 0}>
        <summary className={css.summary}>{t("settings.first_contact.countries", { count: chosenCountries.length })}</summary>
        <Choices
          name="countries"
          legend={t("settings.first_contact.countries_legend")}
          options={countries}
          chosen={chosenCountries}
          errors={fields.countries.errors}
        />
      </details>
      <CheckboxField
        label={t("settings.first_contact.members_only")}
        name="members_only"
        defaultChecked={fields.members_only.initialValue === "on"}
        errors={fields.members_only.errors}
      />
      <CheckboxField
        label={t("settings.first_contact.verified_only")}
        name="verified_only"
        defaultChecked={fields.verified_only.initialValue === "on"}
        errors={fields.verified_only.errors}
      />
      <p className={ui.muted}>{t("settings.first_contact.empty_means_all")}</p>
      <SettingsSaveButton />
    </Form>
  );
}

function BlockForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("account");
  const [form, fields] = useReplyForm({ id: "block-form", lastResult });
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="block" />
      <Field
        label={t("settings.blocklist.username")}
        name="username"
        maxLength={USERNAME_MAX}
        autoComplete="off"
        defaultValue={asText(fields.username.initialValue)}
        errors={fields.username.errors}
      />
      <div className={ui.row}>
        <button className={ui.buttonSecondary} type="submit">
          {t("settings.blocklist.block")}
        </button>
      </div>
    </Form>
  );
}

export function FirstContactPage({
  filter,
  blocks,
  answer,
  saved,
}: {
  filter: FirstContactFilter;
  blocks: BlockListData;
  answer: Answer | null;
  saved: string | null;
}) {
  const { t, i18n } = useTranslation("account");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const notice = saved === "filter" || saved === "block" || saved === "unblock" ? saved : null;
  const reply = readReply(answer?.lastResult);
  const lastResultOf = (intent: string) => (reply.intent === intent ? (answer?.lastResult ?? null) : null);
  return (
    <SettingsFrame
      title={t("settings.pages.first_contact_filter_and_blocklist.title")}
      notice={notice ? t(`settings.first_contact.saved_${notice}`) : null}
    >
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="filter-title">
        <h2 id="filter-title" className={css.cardTitle}>
          {t("settings.first_contact.title")}
        </h2>
        <p className={ui.muted}>{t("settings.first_contact.intro")}</p>
        <FilterForm filter={filter} lastResult={lastResultOf("filter")} />
      </section>
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="blocklist-title" data-testid="blocklist">
        <h2 id="blocklist-title" className={css.cardTitle}>
          {t("settings.blocklist.title")}
        </h2>
        <p className={ui.muted}>{t("settings.blocklist.intro", { count: blocks.total, max: blocks.limit })}</p>
        {/* An unblock is a button beside a name, not a field (and a post of none of the forms has no place): above the list. */}
        <FormErrors errors={reply.intent === "filter" || reply.intent === "block" ? [] : allErrors(reply)} />
        <BlockForm lastResult={lastResultOf("block")} />
        {blocks.items.length === 0 ? (
          <p data-testid="blocklist-empty">{t("settings.blocklist.empty")}</p>
        ) : (
          <ul className={css.items}>
            {blocks.items.map((item) => (
              <li key={item.username} className={css.blockRow}>
                <span>
                  <strong>{item.displayName}</strong> <span className={ui.muted}>@{item.username}</span>
                  <br />
                  <span className={ui.muted}>{t("settings.blocklist.since", { date: date.format(item.blockedAt) })}</span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="username" value={item.username} />
                  <button
                    className={ui.buttonSecondary}
                    type="submit"
                    aria-label={t("settings.blocklist.unblock_named", { username: item.username })}
                  >
                    {t("settings.blocklist.unblock")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </SettingsFrame>
  );
}
