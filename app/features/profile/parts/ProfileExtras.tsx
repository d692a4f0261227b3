/**
 * The profile's interview and an escort's preferred dates (issue 11 item 7, ADR 039); the business reviews tab is
 * the reviews feature's (app/features/reviews/ReceivedReviewsTab).
 * Pure content: no JavaScript.
 */
import { useTranslation } from "react-i18next";
import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";
import { findTraitGroup, traitLabelKey } from "#server/contract/traits";
import type { InterviewsData, PreferredDatesData } from "~/api/profile-extras.server";
import * as css from "../profile.css";

/** Answered questions, question first; nothing when there is no answer (an empty interview is not news). */
export function ProfileInterview({ interviews }: { interviews: InterviewsData | null }) {
  const { t } = useTranslation();
  if (!interviews || interviews.items.length === 0) return null;
  return (
    <section className={css.section} aria-labelledby="interview-heading" data-testid="profile-interview">
      <h2 id="interview-heading">{t("profile.interviews.title")}</h2>
      <dl className={css.interview}>
        {interviews.items.map((item) => (
          <div key={item.questionKey} className={css.interviewItem}>
            <dt className={css.interviewQuestion}>{t(`profile.interviews.questions.${item.questionKey}`)}</dt>
            <dd className={`${css.factValue} ${css.text}`}>{item.answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const weekdayFormats = new Map<Language, Intl.DateTimeFormat>();

function weekdayShort(lang: Language, day: number): string {
  let format = weekdayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { weekday: "short", timeZone: "UTC" });
    weekdayFormats.set(lang, format);
  }
  // 2024-01-01 was a Monday: ISO day 1.
  return format.format(new Date(Date.UTC(2024, 0, day)));
}

/** What kind of date, where and on which days: only for escorts, and only what they said. */
export function ProfilePreferredDates({ dates, lang }: { dates: PreferredDatesData | null; lang: Language }) {
  const { t } = useTranslation();
  if (!dates || dates.kinds.length + dates.meetingOptionIds.length + dates.days.length === 0) return null;
  const meeting = findTraitGroup("meeting_option");
  const places = dates.meetingOptionIds
    .map((id) => meeting?.options.find((o) => o.id === id))
    .filter((o): o is NonNullable<typeof o> => o !== undefined)
    .map((o) => t(traitLabelKey("meeting_option", o.key)));
  return (
    <section className={css.section} aria-labelledby="preferred-dates-heading" data-testid="profile-preferred-dates">
      <h2 id="preferred-dates-heading">{t("profile.preferred_dates.title")}</h2>
      <dl className={css.facts}>
        {dates.kinds.length > 0 ? (
          <>
            <dt className={css.factTerm}>{t("profile.preferred_dates.kinds_label")}</dt>
            <dd className={css.factValue}>{dates.kinds.map((kind) => t(`profile.preferred_dates.kinds.${kind}`)).join(", ")}</dd>
          </>
        ) : null}
        {places.length > 0 ? (
          <>
            <dt className={css.factTerm}>{t("profile.preferred_dates.where")}</dt>
            <dd className={css.factValue}>{places.join(", ")}</dd>
          </>
        ) : null}
        {dates.days.length > 0 ? (
          <>
            <dt className={css.factTerm}>{t("profile.preferred_dates.days")}</dt>
            <dd className={css.factValue}>{dates.days.map((day) => weekdayShort(lang, day)).join(", ")}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
