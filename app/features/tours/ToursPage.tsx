/** user/tours, the page: the escort's tours with their status, a form to announce one, cancel and remove buttons. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TourListData } from "~/api/tours.server";
import { Field, FormErrors } from "~/components/FieldControls";
import { allErrors, inputText, type FormReply } from "~/components/form/reply";
import { CityField } from "~/features/registration/CityField";
import { SettingsFrame } from "~/features/settings/SettingsFrame";
import { useLang } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate } from "~/utils/dates";
import * as css from "./tours.css";

/** A button that cancels a tour still to come or running, or removes one that is over. */
function TourActionForm({ tourId, intent, label }: { tourId: number; intent: "cancel" | "delete"; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="tour_id" value={tourId} />
      <button className={ui.buttonSecondary} type="submit" name="intent" value={intent}>
        {label}
      </button>
    </Form>
  );
}

export function ToursPage({ list, saved, reply }: { list: TourListData; saved: string | null; reply: FormReply }) {
  const { t } = useTranslation("tours");
  const lang = useLang();
  const full = list.openCount >= list.maxOpen;
  // A refused announcement keeps its input and shows its errors at the form; a refused button above the list.
  const create = reply.intent === "create" ? reply : null;
  return (
    <SettingsFrame
      title={t("tours.title")}
      intro={t("tours.intro", { max: list.maxOpen, days: list.maxDays })}
      notice={saved ? t(`tours.saved_${saved}`, { defaultValue: "" }) || null : null}
    >
      {create ? null : <FormErrors errors={allErrors(reply)} />}
      <section aria-labelledby="tours-list" className={ui.stack}>
        <h2 id="tours-list">{t("tours.list_title")}</h2>
        {list.tours.length === 0 ? (
          <p className={ui.muted} data-testid="tours-empty">
            {t("tours.empty")}
          </p>
        ) : (
          <ul className={css.list} data-testid="tours">
            {list.tours.map((tour) => (
              <li key={tour.id} className={css.item} data-testid="tour">
                <div>
                  <strong>{tour.cityName}</strong>{" "}
                  <span className={css.status} data-status={tour.status} data-testid="tour-status">
                    {t(`tours.status.${tour.status}`)}
                  </span>
                </div>
                <div className={ui.muted}>
                  {t("tours.dates", { from: formatCalendarDate(tour.dateFrom, lang), to: formatCalendarDate(tour.dateTo, lang) })}
                </div>
                <div className={ui.row}>
                  {tour.status === "upcoming" || tour.status === "active" ? (
                    <TourActionForm tourId={tour.id} intent="cancel" label={t("tours.cancel")} />
                  ) : (
                    <TourActionForm tourId={tour.id} intent="delete" label={t("tours.delete")} />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="tours-new" className={`${ui.card} ${ui.stack}`}>
        <h2 id="tours-new">{t("tours.new_title")}</h2>
        {full ? (
          <p className={ui.notice} data-testid="tours-full">
            {t("tours.full", { max: list.maxOpen })}
          </p>
        ) : null}
        <FormErrors errors={create?.formErrors ?? []} />
        <Form method="post" className={ui.stack}>
          <CityField
            field={{ name: "city", initialValue: create ? inputText(create, "city") : "", errors: create?.fieldErrors.city ?? [] }}
            keyField={{ name: "city_key", initialValue: create ? inputText(create, "city_key") : "" }}
            label={t("tours.city")}
            hint={t("tours.city_hint")}
          />
          <Field
            type="date"
            name="date_from"
            label={`${t("tours.date_from")} *`}
            defaultValue={create ? inputText(create, "date_from") : ""}
            errors={create?.fieldErrors.date_from ?? []}
            required
          />
          <Field
            type="date"
            name="date_to"
            label={`${t("tours.date_to")} *`}
            hint={t("tours.date_to_hint", { days: list.maxDays })}
            defaultValue={create ? inputText(create, "date_to") : ""}
            errors={create?.fieldErrors.date_to ?? []}
            required
          />
          <div className={ui.row}>
            <button className={ui.button} type="submit" name="intent" value="create">
              {t("tours.create")}
            </button>
          </div>
        </Form>
      </section>
    </SettingsFrame>
  );
}
