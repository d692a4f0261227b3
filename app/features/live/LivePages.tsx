/**
 * The live pages (issue 31, ADR 124): browse, start, the recordings and the profile's live tab; the watch page, the one
 * hydrated, is ./WatchPage. Plain forms only.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { livePaths, liveRecordingPath } from "#server/contract/live-paths";
import type {
  LiveBrowseData,
  LiveMineData,
  LiveProfileTabData,
  LiveRecordingListData,
  LiveRecordingPageData,
  LiveStreamItemData,
} from "~/api/live-streams.server";
import { CheckboxField, Field, FormErrors, SelectField } from "~/components/FieldControls";
import { allErrors, errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { LiveMenu, StreamBadges, useDollars } from "./live-parts";
import { StreamFields, type StreamFormOptions } from "./stream-fields";
import * as css from "./live.css";

type Stream = LiveStreamItemData;
type Recording = LiveRecordingListData["items"][number];

function StreamTile({ stream }: { stream: Stream }) {
  const { t } = useTranslation("live");
  const lang = useLang();
  const to = useLocalePath();
  return (
    <li className={css.tile} data-testid="live-tile">
      <Link className={css.tileTitle} to={to(livePaths.watch(stream.id))}>
        {stream.title}
      </Link>
      <StreamBadges stream={stream} />
      <span>
        <Link to={to(`p/${stream.creator.username}`)}>{stream.creator.displayName}</Link>
        {stream.city ? ` · ${stream.city.name}` : ""}
      </span>
      <span className={ui.muted}>
        {stream.state === "live"
          ? t("live.viewers", { count: stream.viewers })
          : stream.scheduledAt !== null
            ? t("live.starts_at", { when: formatHomeMoment(stream.scheduledAt, lang) })
            : null}
      </span>
    </li>
  );
}

// ── Browse ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export function BrowsePage({
  title,
  browse,
  filters,
  categories,
}: {
  title: string;
  browse: LiveBrowseData;
  filters: { category: string; city: string };
  categories: readonly string[];
}) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  const filtered = filters.category !== "" || filters.city !== "";
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <LiveMenu current="browse" />
        <form method="get" className={css.filters} role="search" aria-label={t("live.browse.filters")}>
          <SelectField
            name="category"
            label={t("live.form.category")}
            defaultValue={filters.category}
            placeholder={t("live.browse.all_categories")}
            options={categories.map((c) => ({ value: c, label: t(`live.category.${c}`) }))}
          />
          <SelectField
            name="city"
            label={t("live.browse.city")}
            defaultValue={filters.city}
            placeholder={t("live.browse.all_cities")}
            options={browse.cities.map((c) => ({ value: String(c.id), label: c.name }))}
          />
          <button className={ui.button} type="submit">
            {t("live.browse.apply")}
          </button>
        </form>
        <section className={ui.stack} aria-labelledby="live-now">
          <h2 id="live-now" className={ui.sectionTitle}>
            {t("live.browse.now")}
          </h2>
          {browse.live.length === 0 ? (
            <p data-testid="live-empty">
              {t(filtered ? "live.browse.empty_filtered" : "live.browse.empty")}{" "}
              {filtered ? <Link to={to(livePaths.browse)}>{t("live.browse.reset")}</Link> : null}
            </p>
          ) : (
            <ul className={css.grid} data-testid="live-grid">
              {browse.live.map((stream) => (
                <StreamTile key={stream.id} stream={stream} />
              ))}
            </ul>
          )}
        </section>
        <section className={ui.stack} aria-labelledby="live-upcoming">
          <h2 id="live-upcoming" className={ui.sectionTitle}>
            {t("live.browse.upcoming")}
          </h2>
          {browse.upcoming.length === 0 ? (
            <p className={ui.muted}>{t("live.browse.no_upcoming")}</p>
          ) : (
            <ul className={css.grid} data-testid="live-upcoming">
              {browse.upcoming.map((stream) => (
                <StreamTile key={stream.id} stream={stream} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}

// ── Start ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export function StartPage({
  title,
  mine,
  limits,
  options,
  done,
  reply,
}: {
  title: string;
  mine: LiveMineData;
  limits: { titleMin: number; titleMax: number; priceMin: number; priceMax: number };
  options: StreamFormOptions & { ingests: readonly string[]; starts: readonly string[] };
  done: string | null;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  const creating = reply && reply.intent !== "start_stream" && reply.intent !== "stop_stream" ? reply : null;
  const errors = (name: string) => creating?.fieldErrors[name] ?? [];
  const value = (name: string, fallback: string) => (creating ? inputText(creating, name) : fallback);
  const onAir = mine.items.find((s) => s.state === "live") ?? null;
  const open = mine.items.filter((s) => s.state !== "ended");
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <LiveMenu current="start" />
        {done === "scheduled" || done === "stopped" ? (
          <p role="status" className={ui.notice} data-testid="live-done">
            {t(`live.start.done_${done}`)}
          </p>
        ) : null}
        {onAir ? (
          <p className={ui.notice}>
            {t("live.start.on_air")} <Link to={to(livePaths.watch(onAir.id))}>{onAir.title}</Link>
          </p>
        ) : null}
        {mine.refusal ? (
          <p role="alert" className={ui.alert} data-testid="live-refusal">
            {t(`live.refusal.${mine.refusal.split(".").pop()}`)}
          </p>
        ) : (
          <Form method="post" className={`${ui.card} ${ui.stack}`} aria-labelledby="live-start-heading" noValidate>
            <h2 id="live-start-heading" className={css.heading}>
              {t("live.start.form_heading")}
            </h2>
            {creating ? (
              <FormErrors errors={errorsBesides(creating, ["title", "category", "audience", "price", "ingest", "start", "scheduled_at"])} />
            ) : null}
            <StreamFields reply={creating} stream={null} options={options} limits={limits} audienceFixed={false} />
            <SelectField
              name="ingest"
              label={t("live.form.ingest")}
              hint={t("live.form.ingest_hint")}
              defaultValue={value("ingest", "browser")}
              options={options.ingests.map((i) => ({ value: i, label: t(`live.ingest.${i}`) }))}
              errors={errors("ingest")}
            />
            <p className={ui.muted}>
              {t("live.form.keys_hint")} <Link to={to(livePaths.keys)}>{t("live.form.keys_link")}</Link>
            </p>
            <CheckboxField
              name="record"
              label={t("live.form.record")}
              defaultChecked={creating ? inputText(creating, "record") === "on" : false}
            />
            <SelectField
              name="start"
              label={t("live.form.start")}
              defaultValue={value("start", "now")}
              options={options.starts.map((s) => ({ value: s, label: t(`live.start_mode.${s}`) }))}
              errors={errors("start")}
            />
            <Field
              name="scheduled_at"
              type="datetime-local"
              label={t("live.form.scheduled_at")}
              hint={t("live.form.scheduled_at_hint")}
              defaultValue={value("scheduled_at", "")}
              errors={errors("scheduled_at")}
            />
            <button className={ui.button} type="submit" data-testid="live-start-submit">
              {t("live.start.submit")}
            </button>
          </Form>
        )}
        <section className={ui.stack} aria-labelledby="live-mine-heading">
          <h2 id="live-mine-heading" className={ui.sectionTitle}>
            {t("live.menu.streaming")}
          </h2>
          {reply && (reply.intent === "start_stream" || reply.intent === "stop_stream") ? <FormErrors errors={allErrors(reply)} /> : null}
          {open.length === 0 ? (
            <p className={ui.muted}>{t("live.start.none_open")}</p>
          ) : (
            <ul className={ui.entryList} data-testid="live-mine">
              {open.map((stream) => (
                <li key={stream.id} className={`${ui.entryCard} ${ui.stack}`}>
                  <Link className={css.tileTitle} to={to(livePaths.watch(stream.id))}>
                    {stream.title}
                  </Link>
                  <StreamBadges stream={stream} />
                  <Form method="post" className={ui.row}>
                    <input type="hidden" name="stream_id" value={stream.id} />
                    {stream.state === "scheduled" ? (
                      <button className={ui.button} type="submit" name="intent" value="start_stream" data-testid="live-go-live">
                        {t("live.start.go_live")}
                      </button>
                    ) : null}
                    <button className={ui.buttonSecondary} type="submit" name="intent" value="stop_stream">
                      {t(stream.state === "live" ? "live.watch.stop" : "live.start.cancel")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}

// ── Recordings ─────────────────────────────────────────────────────────────────────────────────────────────────────

function RecordingTerms({ recording }: { recording: Recording }) {
  const { t } = useTranslation("live");
  const dollars = useDollars();
  return (
    <span className={css.badges}>
      <span className={css.badge}>{t(`live.visibility.${recording.visibility}`)}</span>
      {recording.price !== null ? <span className={css.priceBadge}>{dollars(recording.price)}</span> : null}
      {recording.fansOnly ? <span className={css.badge}>{t("live.audience_badge.fans")}</span> : null}
      {recording.state !== "ready" ? <span className={css.badge}>{t(`live.recording_state.${recording.state}`)}</span> : null}
    </span>
  );
}

/** What a viewer may do with a recording on the list: it is theirs to watch, or the one step that opens it. */
function RecordingAccessLine({ recording, buyPath, reply }: { recording: Recording; buyPath: string; reply: FormReply | null }) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  const dollars = useDollars();
  if (recording.watch)
    return (
      <Link className={ui.buttonSecondary} to={to(liveRecordingPath(recording.id))} data-testid="live-recording-open">
        {t("live.recording.watch")}
      </Link>
    );
  switch (recording.denial) {
    case "payment":
      return (
        <div className={ui.stack}>
          {reply ? <FormErrors errors={allErrors(reply)} /> : null}
          <Form method="post">
            <input type="hidden" name="intent" value="buy" />
            <input type="hidden" name="recording_id" value={recording.id} />
            <button className={ui.button} type="submit" data-testid="live-recording-buy">
              {t("live.recordings.buy", { price: dollars(recording.price ?? 0) })}
            </button>
          </Form>
          <Link to={buyPath}>{t("live.pay.buy_dollars")}</Link>
        </div>
      );
    case "fans":
      return (
        <Link className={ui.buttonSecondary} to={to(`p/${recording.creator.username}/fans`)}>
          {t("live.denial.fans_action")}
        </Link>
      );
    case "age":
      return (
        <Link className={ui.buttonSecondary} to={to("user/age_check_verification")} data-testid="live-recording-age">
          {t("live.recordings.age_action")}
        </Link>
      );
    default:
      return null;
  }
}

export function RecordingsPage({
  title,
  items,
  mine,
  signedIn,
  done,
  buyPath,
  reply,
}: {
  title: string;
  items: Recording[];
  mine: boolean;
  signedIn: boolean;
  done: string | null;
  buyPath: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("live");
  const lang = useLang();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <LiveMenu current={mine ? "mine" : "recordings"} />
        {done ? (
          <p role="status" className={ui.notice} data-testid="live-done">
            {t(`live.recordings.done_${done}`)}
          </p>
        ) : null}
        {!mine ? <p className={ui.muted}>{t("live.recordings.rule")}</p> : <p className={ui.muted}>{t("live.recordings.mine_rule")}</p>}
        {!signedIn && !mine ? (
          <p>
            <Link to={to(`login?r=${encodeURIComponent(to(livePaths.recordings))}`)}>{t("live.denial.sign_in_action")}</Link>
          </p>
        ) : null}
        {items.length === 0 ? (
          <p data-testid="live-recordings-empty">{t(mine ? "live.recordings.mine_empty" : "live.recordings.empty")}</p>
        ) : (
          <ul className={ui.entryList} data-testid="live-recordings">
            {items.map((recording) => {
              const answer = reply && inputText(reply, "recording_id") === String(recording.id) ? reply : null;
              return (
                <li key={recording.id} className={`${ui.entryCard} ${ui.stack}`}>
                  <Link className={css.recordingLink} to={to(liveRecordingPath(recording.id))}>
                    {recording.title}
                  </Link>
                  <span>
                    <Link to={to(`p/${recording.creator.username}/live`)}>{recording.creator.displayName}</Link> ·{" "}
                    {formatHomeMoment(recording.createdAt, lang)}
                    {recording.durationMs !== null
                      ? ` · ${t("live.minutes", { count: Math.max(1, Math.round(recording.durationMs / 60_000)) })}`
                      : ""}
                  </span>
                  <RecordingTerms recording={recording} />
                  {!mine ? <RecordingAccessLine recording={recording} buyPath={buyPath} reply={answer} /> : null}
                  {mine ? (
                    <>
                      {answer ? <FormErrors errors={errorsBesides(answer, ["visibility", "price"])} /> : null}
                      <Form method="post" className={ui.stack} noValidate>
                        <input type="hidden" name="intent" value="save" />
                        <input type="hidden" name="recording_id" value={recording.id} />
                        <SelectField
                          id={`visibility-${recording.id}`}
                          name="visibility"
                          label={t("live.recordings.visibility")}
                          hint={t("live.recordings.visibility_hint")}
                          defaultValue={answer ? inputText(answer, "visibility") : recording.visibility}
                          options={["private", "fsk18"].map((v) => ({ value: v, label: t(`live.visibility.${v}`) }))}
                          errors={answer?.fieldErrors.visibility ?? []}
                        />
                        <Field
                          id={`price-${recording.id}`}
                          name="price"
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={500}
                          label={t("live.recordings.price")}
                          hint={t("live.recordings.price_hint")}
                          defaultValue={answer ? inputText(answer, "price") : recording.price !== null ? String(recording.price) : ""}
                          errors={answer?.fieldErrors.price ?? []}
                        />
                        <CheckboxField
                          id={`fans-${recording.id}`}
                          name="fans_only"
                          label={t("live.recordings.fans_only")}
                          defaultChecked={answer ? inputText(answer, "fans_only") === "on" : recording.fansOnly}
                        />
                        <button className={ui.button} type="submit">
                          {t("live.recordings.save")}
                        </button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="recording_id" value={recording.id} />
                        <button className={ui.buttonSecondary} type="submit" data-testid="live-recording-delete">
                          {t("live.recordings.delete")}
                        </button>
                      </Form>
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </main>
  );
}

/**
 * live/recordings/{id} (ADR 130): the recording in a native <video> (plays without JavaScript, seeks with byte ranges)
 * when the viewer may play it; otherwise what opens it — sign in, the age check for an 18+ recording, fans, or the
 * price (the list's buy form). The creator sees its state while the remux runs and the way to its terms.
 */
export function RecordingPage({
  recording,
  video,
  signedIn,
  done,
  loginPath,
  buyPath,
  reply,
}: {
  recording: LiveRecordingPageData["recording"];
  video: string | null;
  signedIn: boolean;
  done: "bought" | null;
  loginPath: string;
  buyPath: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("live");
  const lang = useLang();
  const to = useLocalePath();
  const adultOnly = recording.visibility === "fsk18" && !recording.watch;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1 data-testid="live-recording-title">{recording.title}</h1>
        <LiveMenu current={null} />
        {done ? (
          <p role="status" className={ui.notice} data-testid="live-done">
            {t("live.recordings.done_bought")}
          </p>
        ) : null}
        <p className={ui.muted}>
          <Link className={css.tapLink} to={to(livePaths.profileTab(recording.creator.username))}>
            {recording.creator.displayName}
          </Link>{" "}
          · <span data-testid="live-recording-date">{formatHomeMoment(recording.createdAt, lang)}</span>
          {recording.durationMs !== null ? (
            <span data-testid="live-recording-duration">
              {" · "}
              {t("live.minutes", { count: Math.max(1, Math.round(recording.durationMs / 60_000)) })}
            </span>
          ) : null}
        </p>
        <RecordingTerms recording={recording} />
        {video ? (
          <>
            <video className={css.recordingVideo} src={video} controls preload="metadata" playsInline data-testid="live-recording-video">
              <a href={video}>{t("live.recording.download")}</a>
            </video>
            <p className={ui.muted}>
              <a className={css.tapLink} href={video}>
                {t("live.recording.download")}
              </a>
            </p>
          </>
        ) : recording.own || recording.watch ? (
          <p className={ui.notice} data-testid="live-recording-state">
            {t(`live.recording.state_${recording.state === "failed" ? "failed" : "processing"}`)}
          </p>
        ) : (
          <>
            {adultOnly ? (
              <p className={ui.notice} data-testid="live-recording-adult">
                {t("live.recording.adult_notice")}
              </p>
            ) : null}
            {!signedIn ? (
              <Link className={ui.button} to={loginPath} data-testid="live-recording-sign-in">
                {t("live.denial.sign_in_action")}
              </Link>
            ) : (
              <RecordingAccessLine recording={recording} buyPath={buyPath} reply={reply} />
            )}
            {!signedIn && adultOnly ? (
              <Link className={css.tapLink} to={to("user/age_check_verification")} data-testid="live-recording-age">
                {t("live.recordings.age_action")}
              </Link>
            ) : null}
          </>
        )}
        {recording.own ? (
          <Link className={css.tapLink} to={to(livePaths.myRecordings)}>
            {t("live.recording.manage")}
          </Link>
        ) : signedIn ? (
          <Link className={css.tapLink} to={to(`${liveRecordingPath(recording.id)}/report`)} data-testid="live-recording-report">
            {t("live.recording.report")}
          </Link>
        ) : null}
      </div>
    </main>
  );
}

// ── The profile's live tab ─────────────────────────────────────────────────────────────────────────────────────────

export function ProfileLiveTab({ tab, displayName }: { tab: LiveProfileTabData | null; displayName: string }) {
  const { t } = useTranslation("live");
  const lang = useLang();
  const to = useLocalePath();
  if (!tab) {
    return (
      <section className={ui.stack} data-testid="tab-live">
        <h2>{t("live.profile.heading")}</h2>
        <p>{t("live.profile.none", { name: displayName })}</p>
      </section>
    );
  }
  return (
    <section className={ui.stack} aria-labelledby="live-tab-heading" data-testid="tab-live">
      <h2 id="live-tab-heading">{t("live.profile.heading")}</h2>
      {tab.live ? (
        <p className={ui.notice} data-testid="live-tab-now">
          {t("live.profile.on_air", { name: tab.creator.displayName })} <Link to={to(livePaths.watch(tab.live.id))}>{tab.live.title}</Link>
        </p>
      ) : null}
      <h3 className={css.heading}>{t("live.profile.schedule")}</h3>
      {tab.upcoming.length === 0 ? (
        <p className={ui.muted}>{t("live.profile.no_schedule", { name: tab.creator.displayName })}</p>
      ) : (
        <ul className={ui.entryList} data-testid="live-tab-schedule">
          {tab.upcoming.map((stream) => (
            <li key={stream.id} className={ui.entryCard}>
              <Link to={to(livePaths.watch(stream.id))}>{stream.title}</Link>
              <div className={ui.muted}>
                {t("live.starts_at", { when: stream.scheduledAt !== null ? formatHomeMoment(stream.scheduledAt, lang) : "" })}
              </div>
            </li>
          ))}
        </ul>
      )}
      {tab.maySubscribe ? (
        <Form method="post">
          <input type="hidden" name="intent" value={tab.subscribed ? "unsubscribe" : "subscribe"} />
          <button className={ui.buttonSecondary} type="submit" data-testid="live-tab-subscribe">
            {t(tab.subscribed ? "live.watch.unsubscribe" : "live.watch.subscribe", { name: tab.creator.displayName })}
          </button>
        </Form>
      ) : null}
      {tab.own ? <Link to={to(livePaths.start)}>{t("live.profile.start_own")}</Link> : null}
      <h3 className={css.heading}>{t("live.profile.recordings")}</h3>
      {tab.recordings.length === 0 ? (
        <p className={ui.muted}>{t("live.recordings.empty")}</p>
      ) : (
        <ul className={ui.entryList}>
          {tab.recordings.map((recording) => (
            <li key={recording.id} className={`${ui.entryCard} ${ui.stack}`}>
              <Link className={css.recordingLink} to={to(liveRecordingPath(recording.id))}>
                {recording.title}
              </Link>
              <span className={ui.muted}>{formatHomeMoment(recording.createdAt, lang)}</span>
              <RecordingTerms recording={recording} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// ── The newsfeed's live strip ──────────────────────────────────────────────────────────────────────────────────────

/** The newsfeed's first page: who is live now and the next announced streams, linking to the live menu. */
export function LiveStrip({ live, upcoming }: { live: Stream[]; upcoming: Stream[] }) {
  const { t } = useTranslation("live");
  const to = useLocalePath();
  if (live.length === 0 && upcoming.length === 0) return null;
  return (
    <section className={ui.stack} aria-labelledby="newsfeed-live" data-testid="newsfeed-live">
      <h2 id="newsfeed-live" className={ui.sectionTitle}>
        {t(live.length > 0 ? "live.browse.now" : "live.browse.upcoming")}
      </h2>
      <ul className={css.grid}>
        {[...live, ...upcoming].map((stream) => (
          <StreamTile key={stream.id} stream={stream} />
        ))}
      </ul>
      <Link to={to(livePaths.browse)}>{t("live.menu.browse")}</Link>
    </section>
  );
}
