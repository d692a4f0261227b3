/**
 * The back office's queue (ADR 030): waiting photos and profile texts, oldest first, each with its owner, a
 * preview and two plain forms — accept, or reject with a reason from the contract's list. Works without
 * JavaScript; the page is not hydrated.
 */
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { interviewKeyOfField, REJECTION_REASONS, textFieldLabel } from "#server/contract/moderation";
import type { Queue, QueueEntry } from "~/api/moderation.server";
import { FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { Picture } from "~/components/Picture";
import { ItemClaimBar, itemAnchor, PageQueueChrome } from "~/features/queues/QueueChrome";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { allErrors, errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { ContentLinks } from "~/features/editors/ContentLinks";
import * as css from "./backoffice.css";

const USER_TYPE_KEYS: Record<number, string> = { 0: "guest", 1: "client", 2: "escort", 3: "business", 9: "backend", 10: "team" };

/** The item a refused decision was about ("media-12"), or null. */
const itemOf = (failure: FormReply | null) => (failure ? `${inputText(failure, "kind")}-${inputText(failure, "id")}` : null);
/** An item's key, as its forms name it (kind media or text, and id). */
const keyOf = (entry: QueueEntry) => `${entry.kind === "media" ? "media" : "text"}-${entry.id}`;

function ItemCard({ entry, failure, action }: { entry: QueueEntry; failure: FormReply | null; action: string }) {
  const { t, i18n } = useTranslation("moderation");
  // API messages (validation.*, exception.*) live in common, which the other namespaces do not fall back to.
  const { t: tCommon } = useTranslation();
  const to = useLocalePath();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const kind = entry.kind === "media" ? "media" : "text";
  const key = keyOf(entry);
  const reasonId = `reason-${key}`;
  const errorId = `${reasonId}-error`;
  const mine = failure && itemOf(failure) === key ? failure : null;
  const reasonErrors = mine?.fieldErrors.reason ?? [];
  // An interview answer: the moderator reads it with its question (ADR 039).
  const question = entry.kind === "text" ? interviewKeyOfField(entry.field) : null;
  return (
    <li
      className={css.item}
      data-testid="queue-item"
      data-item={key}
      data-owner={entry.owner.username}
      {...itemAnchor(`content.${kind}`, entry.id)}
    >
      <ItemClaimBar scope={`content.${kind}`} itemId={entry.id} />
      <div className={css.itemHead}>
        <h2 className={css.kind}>
          {entry.kind === "media"
            ? t("moderation.backoffice.photo")
            : t("moderation.backoffice.text", { field: t(`moderation.fields.${textFieldLabel(entry.field)}`) })}
        </h2>
        <span>
          {t("moderation.backoffice.by")} <Link to={to(`p/${entry.owner.username}`)}>{entry.owner.username}</Link> (
          {t(`user_types.${USER_TYPE_KEYS[entry.owner.userType] ?? "guest"}`, { ns: "common" })}, {entry.owner.language})
        </span>
      </div>
      <p className={ui.muted}>{t("moderation.backoffice.submitted", { date: date.format(entry.createdAt) })}</p>
      {entry.kind === "media" ? (
        <>
          <div className={css.photo}>
            {entry.videoPath ? (
              // A video: watch it before deciding (the poster shows until it plays).
              <video controls preload="none" width={240} src={entry.videoPath} data-testid="backoffice-video">
                <a href={entry.videoPath}>{entry.videoPath}</a>
              </video>
            ) : (
              <Picture
                image={entry.image}
                alt={t("moderation.backoffice.photo_alt", { username: entry.owner.username })}
                sizes="240px"
                width={entry.image.width}
                height={entry.image.height}
              />
            )}
          </div>
          <p className={ui.muted}>
            {t("moderation.backoffice.visibility", { visibility: t(`moderation.visibility.${entry.visibility}`) })}
            {entry.isAvatar ? ` · ${t("moderation.backoffice.avatar")}` : ""}
          </p>
        </>
      ) : (
        <>
          {question ? (
            <p className={ui.muted} data-testid="interview-question">
              {t(`profile.interviews.questions.${question}`, { ns: "profile" })}
            </p>
          ) : null}
          <div className={css.textBlock}>
            <h3 className={css.textLabel}>{t("moderation.backoffice.proposed")}</h3>
            <blockquote className={css.proposed} lang={entry.owner.language}>
              {entry.value}
            </blockquote>
          </div>
          <div className={css.textBlock}>
            <h3 className={css.textLabel}>{t("moderation.backoffice.current")}</h3>
            <p className={css.current}>{entry.current ?? t("moderation.backoffice.none")}</p>
          </div>
        </>
      )}
      {mine ? <FormErrors errors={errorsBesides(mine, ["reason"])} /> : null}
      <div className={css.decisions}>
        <Form method="post" action={action}>
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={entry.id} />
          <button className={ui.button} type="submit" name="intent" value="accept" data-shortcut="a">
            {t("moderation.backoffice.accept")}
          </button>
        </Form>
        <Form method="post" action={action} className={css.rejectForm}>
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={entry.id} />
          <div className={ui.field} style={{ flex: "1 1 200px" }}>
            <label className={ui.label} htmlFor={reasonId}>
              {t("moderation.backoffice.reason")}
            </label>
            <select
              id={reasonId}
              data-shortcut="r"
              name="reason"
              className={`${ui.input} ${css.select}`}
              defaultValue=""
              aria-invalid={reasonErrors.length > 0 || undefined}
              aria-describedby={reasonErrors.length > 0 ? errorId : undefined}
            >
              <option value="">{t("moderation.backoffice.choose_reason")}</option>
              {REJECTION_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`moderation.reasons.${reason}`)}
                </option>
              ))}
            </select>
            <ErrorLine
              id={errorId}
              name="reason"
              message={reasonErrors.map((message) => translateMessage(tCommon, message)).join(" ") || undefined}
            />
          </div>
          <button className={ui.buttonSecondary} type="submit" name="intent" value="reject" style={{ marginBottom: "1.4em" }}>
            {t("moderation.backoffice.reject")}
          </button>
        </Form>
      </div>
    </li>
  );
}

export function BackofficeQueuePage({
  queue,
  done,
  failure,
}: {
  queue: Queue;
  done: "accepted" | "rejected" | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("moderation");
  const { t: tBundles } = useTranslation("bundle");
  const { t: tBlogs } = useTranslation("blog");
  const { t: tEvents } = useTranslation("event");
  const { t: tMembers } = useTranslation("members");
  const to = useLocalePath();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(queue.total / queue.pageSize));
  const query = (page: number) => {
    const params = new URLSearchParams();
    if (page > 1) params.set("page", String(page));
    if (queue.owner) params.set("owner", queue.owner);
    const text = params.toString();
    return text ? `?${text}` : location.pathname;
  };
  // Decisions post back to this page of the queue, with its filter (no "done" notice carried along).
  const action = `${location.pathname}${query(queue.page).startsWith("?") ? query(queue.page) : ""}`;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("moderation.backoffice.title")}</h1>
        <PageQueueChrome />
        <p className={ui.muted}>{t("moderation.backoffice.intro")}</p>
        <p>
          <Link to={to("backoffice/reports")} data-testid="backoffice-reports-link">
            {t("moderation.backoffice.reports_link")}
          </Link>
          {" · "}
          <Link to={to("backoffice/promotions")} data-testid="backoffice-promotions-link">
            {t("moderation.backoffice.promotions_link")}
          </Link>
          {" · "}
          {/* Member search and a member's page (issue 30 item 5, ADR 118). */}
          <Link to={to("backoffice/members")} data-testid="backoffice-members-link">
            {tMembers("members.search.title")}
          </Link>
        </p>
        <p>
          {/* Bundles wait in a queue of their own (issue 28, ADR 092). */}
          <Link to={to("backoffice/bundles")} data-testid="backoffice-bundles-link">
            {tBundles("bundle.backoffice.title")}
          </Link>
          {" · "}
          {/* Blog posts too (issue 29, ADR 101). */}
          <Link to={to("backoffice/blogs")} data-testid="backoffice-blogs-link">
            {tBlogs("blog.backoffice.title")}
          </Link>
          {" · "}
          {/* Events wait in a queue of their own (issue 29, ADR 099). */}
          <Link to={to("backoffice/events")} data-testid="backoffice-events-link">
            {tEvents("event.backoffice.title")}
          </Link>
        </p>
        {/* The content editors and the warning list (ADR 120, 121). */}
        <ContentLinks />
        {done ? (
          <p className={ui.notice} role="status" data-testid="backoffice-notice">
            {t(`moderation.backoffice.done_${done}`)}
          </p>
        ) : null}
        {/* A refused decision about no item of this page (decided meanwhile, a hand-made post): above the queue. */}
        {failure && !queue.items.some((entry) => keyOf(entry) === itemOf(failure)) ? <FormErrors errors={allErrors(failure)} /> : null}
        <Form method="get" className={css.filter}>
          <div className={ui.field} style={{ flex: "1 1 220px" }}>
            <label className={ui.label} htmlFor="owner-filter">
              {t("moderation.backoffice.filter_label")}
            </label>
            <input id="owner-filter" className={ui.input} type="search" name="owner" defaultValue={queue.owner ?? ""} maxLength={100} />
          </div>
          <button className={ui.buttonSecondary} type="submit">
            {t("moderation.backoffice.filter")}
          </button>
          {queue.owner ? (
            <Link className={ui.linkButton} to={location.pathname}>
              {t("moderation.backoffice.show_all")}
            </Link>
          ) : null}
        </Form>
        <p>
          <strong>{t("moderation.backoffice.count", { count: queue.total })}</strong>
        </p>
        {queue.items.length === 0 ? (
          <p className={ui.card} data-testid="queue-empty">
            {queue.owner ? t("moderation.backoffice.empty_owner", { owner: queue.owner }) : t("moderation.backoffice.empty")}
          </p>
        ) : (
          <ul className={ui.plainList}>
            {queue.items.map((entry) => (
              <ItemCard key={`${entry.kind}-${entry.id}`} entry={entry} failure={failure} action={action} />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className={css.pager} aria-label={t("moderation.backoffice.page", { page: queue.page, pages })}>
            {queue.page > 1 ? (
              <Link className={ui.linkButton} to={query(queue.page - 1)}>
                {t("moderation.backoffice.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span>{t("moderation.backoffice.page", { page: queue.page, pages })}</span>
            {queue.page < pages ? (
              <Link className={ui.linkButton} to={query(queue.page + 1)}>
                {t("moderation.backoffice.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </main>
  );
}
