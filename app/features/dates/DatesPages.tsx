/** my_date (issue 13, ADR 046): the list by stage, one date with its timeline and forms, and the request form. */
import { Form, Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import {
  DATE_OVERVIEW_GROUPS,
  DATE_STAGES,
  DATE_WAITING_STAGES,
  localDateTime,
  type DateStage,
  type DateStageFilter,
} from "#server/contract/dates";
import { wholeEuros } from "#server/contract/prices";
import type { DateDetailData, DateListData, DateOptionsData } from "~/api/dates.server";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { errorsBesides, inputTexts, type FormReply } from "~/components/form/reply";
import { usePriceText } from "~/utils/money";
import * as css from "./dates.css";
import { formatDateTime } from "./format";
import { PageLinks } from "~/components/PageLinks";
import { ErrorLine } from "~/components/form/ErrorLine";

type Item = DateListData["items"][number];

/** The counts arrive camelized like every key of the API's answers. */
const camel = (stage: Exclude<DateStage, never>) =>
  stage.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as keyof DateListData["counts"];

/** Error keys (common namespace) as one translated line; undefined for none. */
function messagesOf(t: TFunction, keys: string[] | undefined): string | undefined {
  return keys?.length ? keys.map((key) => translateMessage(t, key)).join(" ") : undefined;
}

function Errors({ keys }: { keys: string[] | undefined }) {
  const { t } = useTranslation();
  const text = messagesOf(t, keys);
  if (!text) return null;
  return (
    <p className={ui.alert} role="alert">
      {text}
    </p>
  );
}

/**
 * The tabs' order on a phone's one row: what waits for the member first (their answer, their review), then what is
 * coming, then the rest; a stage further right is a swipe away.
 */
const FIRST_TABS: readonly DateStageFilter[] = ["all", ...DATE_WAITING_STAGES, "upcoming"];
const TAB_ORDER: readonly DateStageFilter[] = [...FIRST_TABS, ...DATE_STAGES.filter((stage) => !FIRST_TABS.includes(stage))];
const waiting: ReadonlySet<string> = new Set(DATE_WAITING_STAGES);

export function DateListPage({ list }: { list: DateListData }) {
  const { t } = useTranslation("dating");
  const to = useLocalePath();
  const stagePath = (stage: string, page = 1) => {
    const query = new URLSearchParams({ ...(stage === "all" ? {} : { stage }), ...(page > 1 ? { page: String(page) } : {}) }).toString();
    return `${to("my_date")}${query ? `?${query}` : ""}`;
  };
  const total = Object.values(list.counts).reduce((a, b) => a + b, 0);
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  // The overview (stage all) groups the dates as the spec does: requests, upcoming, past; the rest follow.
  const grouped = new Set<string>(Object.values(DATE_OVERVIEW_GROUPS).flat());
  const groups =
    list.stage === "all"
      ? [
          ...Object.entries(DATE_OVERVIEW_GROUPS).map(([group, stages]) => ({
            group,
            items: list.items.filter((item) => (stages as readonly string[]).includes(item.stage)),
          })),
          { group: "other", items: list.items.filter((item) => !grouped.has(item.stage)) },
        ]
      : [{ group: null, items: list.items }];
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("dating.title")}</h1>
        {/* One row that scrolls sideways on a phone (issue 25 item 4): short names with their counts, and only the
            stages that hold a date (and the one shown, should it be empty). */}
        <nav aria-label={t("dating.stages_label")}>
          <ul className={css.tabBar} data-testid="date-stages">
            {TAB_ORDER.filter((stage) => stage === "all" || stage === list.stage || list.counts[camel(stage)] > 0).map((stage) => {
              const count = stage === "all" ? total : list.counts[camel(stage)];
              return (
                <li key={stage}>
                  <Link
                    to={stagePath(stage)}
                    className={ui.tab}
                    aria-current={stage === list.stage ? "page" : undefined}
                    aria-label={`${t(`dating.stage.${stage}`)}: ${count}`}
                    data-testid={`date-stage-${stage}`}
                  >
                    {t(`dating.stage_short.${stage}`)}
                    <span className={waiting.has(stage) ? css.tabCountWaiting : css.tabCount} aria-hidden="true">
                      {count}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {list.items.length === 0 ? (
          <p className={ui.muted} data-testid="dates-empty">
            {t(`dating.empty.${list.stage}`)}
          </p>
        ) : (
          groups
            .filter((g) => g.items.length > 0)
            .map((g) => (
              <section key={g.group ?? "list"} className={ui.stack}>
                {g.group ? <h2 className={ui.sectionTitle}>{t(`dating.group.${g.group}`)}</h2> : null}
                <ul className={ui.entryList} data-testid="dates-list">
                  {g.items.map((item) => (
                    <DateEntry key={item.id} item={item} />
                  ))}
                </ul>
              </section>
            ))
        )}
        <PageLinks page={list.page} pages={pages} hrefOf={(p) => stagePath(list.stage, p)} />
      </div>
    </main>
  );
}

function DateEntry({ item }: { item: Item }) {
  const { t } = useTranslation("dating");
  const lang = useLang();
  const price = usePriceText();
  const to = useLocalePath();
  return (
    <li className={css.item} data-testid="date-entry" data-stage={item.stage} data-partner={item.partner.username}>
      <Link to={to(`my_date/${item.id}`)} className={css.itemLink}>
        <span className={css.stage}>{t(`dating.stage.${item.stage}`)}</span>
        <br />
        <strong>{item.partner.displayName}</strong>
        <br />
        <span>{formatDateTime(item.startsAt, lang)}</span>
        <br />
        <span className={ui.muted}>
          {t("dating.duration", { count: item.durationMinutes })} · {t(`dating.place.${item.placeType}`)} · {price(wholeEuros(item.price))}
        </span>
      </Link>
    </li>
  );
}

/** A refused form of these pages (its reply): errors at the fields the API names, the input kept. */
type DateFormReply = FormReply;

/** The fields each form shows its errors at; any other error is shown above the form. */
const SHOWN_FIELDS: Record<string, readonly string[]> = {
  reschedule: ["starts_at"],
  checkin_set: ["due_at", "contact"],
  request: ["starts_at", "duration_minutes", "place_type", "address", "message"],
};
const generalErrors = (reply: DateFormReply | null, form: string) => (reply ? errorsBesides(reply, SHOWN_FIELDS[form] ?? []) : undefined);

export function DateDetailPage({ date, done, reply }: { date: DateDetailData; done: string | null; reply: DateFormReply | null }) {
  const { t } = useTranslation("dating");
  const lang = useLang();
  const price = usePriceText();
  const to = useLocalePath();
  const hidden = <input type="hidden" name="version" value={date.version} />;
  const replyFor = (intent: string) => (reply?.intent === intent ? reply : null);
  const start = localDateTime(date.startsAt);
  const errorsOf = (intent: string) => generalErrors(replyFor(intent), intent);
  const rescheduled = replyFor("reschedule");
  const answers = date.actions.filter((a): a is "accept" | "reject" => a === "accept" || a === "reject");
  // The forms this page shows now; a refusal of any other (the date moved on meanwhile, a hand-made post) goes on top.
  const shown = new Set<string>([...date.actions, ...(date.canCheckin || date.checkin ? ["checkin_set", "checkin_confirm"] : [])]);
  const stray = reply && !shown.has(reply.intent ?? "") ? errorsBesides(reply, []) : undefined;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <p>
          <Link className={ui.linkButton} to={to("my_date")}>
            ← {t("dating.back")}
          </Link>
        </p>
        <h1>{t("dating.detail.title", { name: date.partner.displayName })}</h1>
        <p className={css.stage} data-testid="date-stage" data-stage={date.stage}>
          {t(`dating.stage.${date.stage}`)}
        </p>
        {done ? (
          <p className={ui.notice} role="status" data-testid="date-done">
            {t(`dating.done.${done}`)}
          </p>
        ) : null}
        <Errors keys={stray} />
        <dl className={css.facts}>
          <dt>{t("dating.field.with")}</dt>
          <dd>
            {date.partner.username ? <Link to={to(`p/${date.partner.username}`)}>{date.partner.displayName}</Link> : t("dating.gone")}
          </dd>
          <dt>{t("dating.field.when")}</dt>
          <dd data-testid="date-when" data-starts-at={date.startsAt}>
            {formatDateTime(date.startsAt, lang)}
          </dd>
          <dt>{t("dating.field.duration")}</dt>
          <dd data-testid="date-duration" data-minutes={date.durationMinutes}>
            {t("dating.duration", { count: date.durationMinutes })}
          </dd>
          <dt>{t("dating.field.place")}</dt>
          <dd>{t(`dating.place.${date.placeType}`)}</dd>
          {date.address ? (
            <>
              <dt>{t("dating.field.address")}</dt>
              <dd>{date.address}</dd>
            </>
          ) : null}
          <dt>{t("dating.field.price")}</dt>
          <dd>{price(wholeEuros(date.price))}</dd>
          {date.message ? (
            <>
              <dt>{t("dating.field.message")}</dt>
              <dd>{date.message}</dd>
            </>
          ) : null}
        </dl>
        {date.stage === "needs_review" || date.stage === "completed" ? (
          <p>
            <Link
              className={date.stage === "needs_review" ? ui.button : ui.linkButton}
              to={to(date.stage === "needs_review" ? `dating/reviews/add/${date.id}` : `dating/reviews/detail/${date.id}`)}
              data-testid="date-review-link"
            >
              {t(date.stage === "needs_review" ? "dating.review_link.write" : "dating.review_link.view")}
            </Link>
          </p>
        ) : null}
        {answers.length || date.actions.includes("cancel") ? (
          <div className={ui.stack}>
            <Errors keys={errorsOf("accept") ?? errorsOf("reject") ?? errorsOf("cancel")} />
            {date.cancelRefused ? <p className={ui.muted}>{t("dating.cancel_too_late_hint")}</p> : null}
            <div className={ui.row}>
              {answers.map((action) => (
                <Form method="post" key={action}>
                  {hidden}
                  <button type="submit" name="intent" value={action} className={action === "accept" ? ui.button : ui.buttonSecondary}>
                    {t(`dating.action.${action}`)}
                  </button>
                </Form>
              ))}
              {date.actions.includes("cancel") ? (
                <Form method="post">
                  {hidden}
                  <button type="submit" name="intent" value="cancel" className={ui.buttonSecondary}>
                    {t("dating.action.cancel")}
                  </button>
                </Form>
              ) : null}
            </div>
          </div>
        ) : null}
        {date.actions.includes("reschedule") ? (
          <Form method="post" className={ui.stack} data-testid="reschedule-form">
            {hidden}
            <fieldset className={css.fieldset}>
              <legend>{t("dating.reschedule.title")}</legend>
              <Errors keys={errorsOf("reschedule")} />
              <DateTimeFields
                defaults={rescheduled ? inputTexts(rescheduled) : start}
                field="starts_at"
                errors={rescheduled?.fieldErrors.starts_at}
                prefix="reschedule"
              />
              <label className={ui.field}>
                <span className={ui.label}>{t("dating.field.message")}</span>
                <textarea
                  name="message"
                  className={ui.input}
                  rows={2}
                  maxLength={1000}
                  defaultValue={rescheduled ? (inputTexts(rescheduled).message ?? "") : ""}
                />
              </label>
              <button type="submit" name="intent" value="reschedule" className={ui.buttonSecondary}>
                {t("dating.action.reschedule")}
              </button>
            </fieldset>
          </Form>
        ) : null}
        {date.canCheckin || date.checkin ? <CheckinSection date={date} reply={reply} /> : null}
        <section className={ui.stack}>
          <h2 className={ui.sectionTitle}>{t("dating.timeline.title")}</h2>
          <ol className={css.timeline} data-testid="date-timeline">
            {date.events.map((event, i) => (
              <li key={i} data-kind={event.kind}>
                <strong>{t(`dating.timeline.${event.kind}`)}</strong>{" "}
                <span className={ui.muted}>
                  {event.actor
                    ? t(`dating.timeline.by_${event.actor}`, { name: date.partner.displayName })
                    : t("dating.timeline.by_system")}{" "}
                  · {formatDateTime(event.at, lang)}
                  {event.startsAt !== null && event.kind === "reschedule" ? ` → ${formatDateTime(event.startsAt, lang)}` : ""}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </main>
  );
}

function DateTimeFields({
  defaults,
  field,
  errors,
  prefix,
}: {
  defaults: { date?: string; time?: string };
  /** The API's name of the moment the two inputs make up, which its errors name. */
  field: "starts_at" | "due_at";
  errors: string[] | undefined;
  prefix: string;
}) {
  const { t } = useTranslation("dating");
  const { t: tc } = useTranslation();
  const errorId = `${prefix}-when-error`;
  return (
    <>
      <div className={ui.row}>
        {(["date", "time"] as const).map((name) => (
          <label key={name} className={ui.field}>
            <span className={ui.label}>{t(`dating.field.${name}`)}</span>
            <input
              type={name}
              name={name}
              required
              className={ui.input}
              defaultValue={defaults[name] ?? ""}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={errors?.length ? errorId : undefined}
            />
          </label>
        ))}
      </div>
      <ErrorLine id={errorId} name={field} message={messagesOf(tc, errors)} />
    </>
  );
}

function CheckinSection({ date, reply }: { date: DateDetailData; reply: DateFormReply | null }) {
  const { t } = useTranslation("dating");
  const { t: tc } = useTranslation();
  const lang = useLang();
  const mine = reply?.intent === "checkin_set" || reply?.intent === "checkin_confirm" ? reply : null;
  const checkin = date.checkin;
  // A new check-in starts at the date's end: most escorts only add their contact.
  const defaults: Record<string, string> =
    (mine ? inputTexts(mine) : null) ??
    (checkin
      ? { ...localDateTime(checkin.dueAt), contact_kind: checkin.contactKind, contact: checkin.contact }
      : localDateTime(date.startsAt + date.durationMinutes * 60_000));
  const contactError = messagesOf(tc, mine?.fieldErrors.contact);
  return (
    <section className={ui.stack} data-testid="checkin">
      <h2 className={ui.sectionTitle}>{t("dating.checkin.title")}</h2>
      <p className={ui.muted}>{t("dating.checkin.intro")}</p>
      <Errors keys={generalErrors(mine, mine?.intent ?? "")} />
      {checkin ? (
        <p data-testid="checkin-state">
          {checkin.checkedInAt !== null
            ? t("dating.checkin.done", { time: formatDateTime(checkin.checkedInAt, lang) })
            : checkin.alertedAt !== null
              ? t("dating.checkin.alerted")
              : t("dating.checkin.pending", { time: formatDateTime(checkin.dueAt, lang) })}
        </p>
      ) : null}
      {checkin && checkin.checkedInAt === null && checkin.alertedAt === null ? (
        <Form method="post">
          <button type="submit" name="intent" value="checkin_confirm" className={ui.button}>
            {t("dating.checkin.confirm")}
          </button>
        </Form>
      ) : null}
      {date.canCheckin ? (
        <Form method="post" className={ui.stack}>
          <DateTimeFields defaults={defaults} field="due_at" errors={mine?.fieldErrors.due_at} prefix="checkin" />
          <label className={ui.field}>
            <span className={ui.label}>{t("dating.checkin.contact_kind")}</span>
            <select name="contact_kind" className={ui.input} defaultValue={defaults.contact_kind ?? "email"}>
              <option value="email">{t("dating.checkin.email")}</option>
              <option value="phone">{t("dating.checkin.phone")}</option>
            </select>
          </label>
          <label className={ui.field}>
            <span className={ui.label}>{t("dating.checkin.contact")}</span>
            <input
              name="contact"
              required
              className={ui.input}
              maxLength={254}
              defaultValue={defaults.contact ?? ""}
              aria-invalid={contactError ? true : undefined}
              aria-describedby={contactError ? "checkin-contact-error" : undefined}
            />
          </label>
          <ErrorLine id="checkin-contact-error" name="contact" message={contactError} />
          <button type="submit" name="intent" value="checkin_set" className={ui.buttonSecondary}>
            {t("dating.checkin.save")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function DateRequestPage({
  options,
  refused,
  reply,
}: {
  options: DateOptionsData | null;
  refused: string | null;
  reply: DateFormReply | null;
}) {
  const { t } = useTranslation("dating");
  const { t: tc } = useTranslation();
  const price = usePriceText();
  if (!options) {
    return (
      <main className={ui.narrow}>
        <div className={ui.stack}>
          <h1>{t("dating.request.title")}</h1>
          <Errors keys={refused ? [refused] : undefined} />
        </div>
      </main>
    );
  }
  const values = reply ? inputTexts(reply) : {};
  const earliest = localDateTime(options.earliestStart);
  const fe = reply?.fieldErrors ?? {};
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("dating.request.title_with", { name: options.partner.displayName })}</h1>
        <p className={ui.muted}>{t("dating.request.intro")}</p>
        <Errors keys={generalErrors(reply, "request")} />
        {options.durations.length === 0 ? (
          <p className={ui.notice}>{t("dating.request.no_prices")}</p>
        ) : (
          <Form method="post" className={ui.stack} data-testid="date-request-form" data-earliest={options.earliestStart}>
            <DateTimeFields defaults={reply ? values : { date: earliest.date }} field="starts_at" errors={fe.starts_at} prefix="request" />
            <fieldset className={css.fieldset}>
              <legend>{t("dating.field.duration")}</legend>
              {options.durations.map((d, i) => (
                <label key={d.durationMinutes} className={ui.checkboxRow}>
                  <input
                    type="radio"
                    name="duration_minutes"
                    value={d.durationMinutes}
                    required
                    defaultChecked={values.duration_minutes ? values.duration_minutes === String(d.durationMinutes) : i === 0}
                  />
                  {t("dating.duration", { count: d.durationMinutes })} · {price(wholeEuros(d.price))}
                </label>
              ))}
              <ErrorLine id="duration-error" name="duration_minutes" message={messagesOf(tc, fe.duration_minutes)} />
            </fieldset>
            <fieldset className={css.fieldset}>
              <legend>{t("dating.field.place")}</legend>
              {options.placeTypes.map((place, i) => (
                <label key={place} className={ui.checkboxRow}>
                  <input
                    type="radio"
                    name="place_type"
                    value={place}
                    defaultChecked={values.place_type ? values.place_type === place : i === 0}
                  />
                  {t(`dating.place.${place}`)}
                </label>
              ))}
              <ErrorLine id="place-error" name="place_type" message={messagesOf(tc, fe.place_type)} />
            </fieldset>
            <label className={ui.field}>
              <span className={ui.label}>{t("dating.field.address")}</span>
              <input
                name="address"
                className={ui.input}
                maxLength={200}
                defaultValue={values.address ?? ""}
                aria-invalid={fe.address?.length ? true : undefined}
                aria-describedby={fe.address?.length ? "address-hint address-error" : "address-hint"}
              />
              <span className={ui.muted} id="address-hint">
                {t("dating.request.address_hint")}
              </span>
            </label>
            <ErrorLine id="address-error" name="address" message={messagesOf(tc, fe.address)} />
            <label className={ui.field}>
              <span className={ui.label}>{t("dating.field.message")}</span>
              <textarea
                name="message"
                className={ui.input}
                rows={3}
                maxLength={1000}
                defaultValue={values.message ?? ""}
                aria-invalid={fe.message?.length ? true : undefined}
                aria-describedby={fe.message?.length ? "message-error" : undefined}
              />
            </label>
            <ErrorLine id="message-error" name="message" message={messagesOf(tc, fe.message)} />
            <button type="submit" className={ui.button}>
              {t("dating.request.submit")}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}
