/** events/add and events/{category}/{slug}/edit: the whole event in one plain form (no JavaScript needed). */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_EVENT_CATEGORY,
  EVENT_ADDRESS_MAX,
  EVENT_CATEGORIES,
  EVENT_DESCRIPTION_MAX,
  EVENT_DESCRIPTION_MIN,
  EVENT_PRICE_MAX,
  EVENT_TITLE_MAX,
  eventPaths,
} from "#server/contract/events";
import type { EventCoverChoicesData, EventDetailData } from "~/api/events.server";
import { Field, FormErrors } from "~/components/Field";
import { SelectField, TextAreaField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import { CityField } from "~/features/registration/CityField";
import { useLang } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./events.css";

const FIELDS = [
  "title",
  "category",
  "starts_at",
  "ends_at",
  "city",
  "city_key",
  "address",
  "price",
  "max_attendees",
  "description",
  "cover_media_id",
] as const;

/** The values the form starts with: the refused post's, else the event's, else empty. */
function initialValues(event: EventDetailData | null, reply: FormReply | null): Record<(typeof FIELDS)[number], string> {
  if (reply) return Object.fromEntries(FIELDS.map((name) => [name, inputText(reply, name)])) as Record<(typeof FIELDS)[number], string>;
  return {
    title: event?.title ?? "",
    category: event?.category ?? DEFAULT_EVENT_CATEGORY,
    starts_at: event?.startsLocal ?? "",
    ends_at: event?.endsLocal ?? "",
    city: event?.place.cityName ?? "",
    city_key: event ? `${event.place.countryCode.toLowerCase()}-${event.place.citySlug}` : "",
    address: event?.place.address ?? "",
    price: event ? String(event.price) : "0",
    max_attendees: event?.maxAttendees ? String(event.maxAttendees) : "",
    description: event?.description ?? "",
    cover_media_id: event?.coverMediaId ? String(event.coverMediaId) : "",
  };
}

export function EventFormPage({
  title,
  event,
  covers,
  reply,
}: {
  title: string;
  event: EventDetailData | null;
  covers: EventCoverChoicesData["items"];
  reply: FormReply | null;
}) {
  const { t } = useTranslation("event");
  const { t: tCommon, i18n } = useTranslation();
  const lang = useLang();
  const values = initialValues(event, reply);
  const errors = (name: string) => reply?.fieldErrors[name] ?? [];
  const coverErrors = errors("cover_media_id");
  const fixed = event?.addressFixed ?? false;
  const editable = event === null || event.viewer.mayEdit;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p className={ui.muted}>{t("event.form.intro")}</p>
        <p className={ui.row}>
          {event ? <Link to={eventPaths.detail(lang, event.category, event.slug)}>{t("event.form.back_to_event")}</Link> : null}
          <Link to={eventPaths.mine(lang)}>{t("event.form.to_my_events")}</Link>
        </p>
        {!editable ? (
          <p className={ui.notice} data-testid="event-not-editable">
            {t("event.form.not_editable")}
          </p>
        ) : (
          <Form method="post" className={ui.stack} data-testid="event-form" noValidate>
            <FormErrors errors={reply ? errorsBesides(reply, FIELDS) : []} />
            <Field
              name="title"
              label={`${t("event.form.field_title")} *`}
              defaultValue={values.title}
              errors={errors("title")}
              maxLength={EVENT_TITLE_MAX}
              required
            />
            {fixed ? (
              <p className={ui.muted} data-testid="event-category-fixed">
                <input type="hidden" name="category" value={event!.category} />
                {t("event.form.category_fixed", { category: t(`event.categories.${event!.category}`) })}
              </p>
            ) : (
              <SelectField
                name="category"
                label={`${t("event.form.field_category")} *`}
                defaultValue={values.category}
                errors={errors("category")}
                options={EVENT_CATEGORIES.map((category) => ({ value: category, label: t(`event.categories.${category}`) }))}
              />
            )}
            <Field
              type="datetime-local"
              name="starts_at"
              label={`${t("event.form.field_starts_at")} *`}
              hint={t("event.form.time_hint")}
              defaultValue={values.starts_at}
              errors={errors("starts_at")}
              required
            />
            <Field
              type="datetime-local"
              name="ends_at"
              label={`${t("event.form.field_ends_at")} *`}
              hint={t("event.form.time_hint")}
              defaultValue={values.ends_at}
              errors={errors("ends_at")}
              required
            />
            <CityField
              field={{ name: "city", initialValue: values.city, errors: errors("city") }}
              keyField={{ name: "city_key", initialValue: values.city_key }}
              label={t("event.form.field_city")}
              hint={t("event.form.city_hint")}
            />
            <Field
              name="address"
              label={t("event.form.field_address")}
              hint={t("event.form.address_hint")}
              defaultValue={values.address}
              errors={errors("address")}
              maxLength={EVENT_ADDRESS_MAX}
            />
            <Field
              type="number"
              inputMode="numeric"
              min={0}
              max={EVENT_PRICE_MAX}
              step={1}
              name="price"
              label={t("event.form.field_price")}
              hint={t("event.form.price_hint")}
              defaultValue={values.price}
              errors={errors("price")}
            />
            <Field
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              name="max_attendees"
              label={t("event.form.field_max_attendees")}
              hint={t("event.form.max_attendees_hint")}
              defaultValue={values.max_attendees}
              errors={errors("max_attendees")}
            />
            <TextAreaField
              name="description"
              label={`${t("event.form.field_description")} *`}
              hint={t("event.form.description_hint", { min: EVENT_DESCRIPTION_MIN, max: EVENT_DESCRIPTION_MAX })}
              rows={8}
              maxLength={EVENT_DESCRIPTION_MAX}
              defaultValue={values.description}
              errors={errors("description")}
              required
            />
            <fieldset className={ui.stack} style={{ border: 0, padding: 0, margin: 0 }}>
              <legend className={ui.label}>{t("event.form.field_cover")}</legend>
              <p className={ui.muted} style={{ margin: 0 }}>
                {t("event.form.cover_hint")}
              </p>
              <ul className={css.coverChoices}>
                <li>
                  <label className={css.coverChoice}>
                    <input
                      type="radio"
                      name="cover_media_id"
                      value=""
                      defaultChecked={values.cover_media_id === ""}
                      className={ui.choiceControl}
                    />
                    <span>{t("event.form.no_cover")}</span>
                  </label>
                </li>
                {covers.map((cover, index) => (
                  <li key={cover.id}>
                    <label className={css.coverChoice}>
                      <input
                        type="radio"
                        name="cover_media_id"
                        value={cover.id}
                        defaultChecked={values.cover_media_id === String(cover.id)}
                        className={ui.choiceControl}
                      />
                      <Picture
                        image={cover.image}
                        alt={t("event.form.cover_alt", { number: index + 1 })}
                        sizes="120px"
                        width={120}
                        height={160}
                        className={css.coverImage}
                      />
                    </label>
                  </li>
                ))}
              </ul>
              <ErrorLine
                id="field-cover_media_id-error"
                name="cover_media_id"
                message={coverErrors.map((message) => translateMessage(tCommon, message, undefined, i18n.language)).join(" ") || undefined}
              />
            </fieldset>
            <div className={ui.row}>
              <button type="submit" className={ui.button} data-testid="event-save">
                {event ? t("event.form.save_edit") : t("event.form.save_new")}
              </button>
            </div>
          </Form>
        )}
      </div>
    </main>
  );
}
