/**
 * backoffice/blogs (issue 29 item 7, ADR 101): posts before publication (pending) and after it (post_check), oldest
 * first, each rendered as readers will see it; approve, or reject with a reason of the moderation list (the author
 * is told in the bell). Follows the bundles queue.
 */
import { StaffQueueFrame, type ItemClaim } from "~/features/backoffice/StaffQueueFrame";
import { RejectReasonField } from "~/features/backoffice/RejectReasonField";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BLOG_STATE, blogPaths } from "#server/contract/blogs";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { REJECTION_REASONS } from "#server/contract/moderation";
import type { BlogQueueData } from "~/api/blogs.server";
import { FormErrors } from "~/components/Field";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { BlogBody } from "./BlogBody";
import * as css from "./blogs.css";

type QueueItem = BlogQueueData["items"][number];

export function BackofficeBlogsPage({
  queue,
  done,
  failure,
}: {
  queue: BlogQueueData;
  done: "approved" | "rejected" | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("blog");
  const pages = Math.max(1, Math.ceil(queue.total / queue.pageSize));
  return (
    <StaffQueueFrame
      feature="blog"
      items={queue.items}
      done={done}
      failure={failure}
      summary={
        <p style={{ margin: 0 }}>
          <strong>{t("blog.backoffice.count", { number: queue.total })}</strong>
        </p>
      }
      footer={
        pages > 1 ? (
          <nav className={css.pager} aria-label={t("blog.mine.pages", { page: queue.page, pages })}>
            {queue.page > 1 ? <Link to={`?page=${queue.page - 1}`}>{t("blog.mine.previous")}</Link> : <span />}
            <span>{t("blog.mine.pages", { page: queue.page, pages })}</span>
            {queue.page < pages ? <Link to={`?page=${queue.page + 1}`}>{t("blog.mine.next")}</Link> : <span />}
          </nav>
        ) : null
      }
      renderItem={(item, itemFailure, claim) => <QueueEntry key={item.id} item={item} failure={itemFailure} claim={claim} />}
    />
  );
}

function QueueEntry({ item, failure, claim }: { item: QueueItem; failure: FormReply | null; claim: ItemClaim | null }) {
  const { t, i18n } = useTranslation("blog");
  const { t: tModeration } = useTranslation("moderation");
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const reasonId = `reason-blog-${item.id}`;
  return (
    <li className={`${ui.card} ${ui.stack}`} data-testid="blog-queue-item" data-blog-id={item.id} {...claim?.anchor}>
      {claim?.bar}
      <p className={ui.muted} style={{ margin: 0 }}>
        <strong>{item.state === BLOG_STATE.post_check ? t("blog.backoffice.post_check") : t("blog.backoffice.pending")}</strong>
        {" · "}
        {item.author.username} · {t(`blog.categories.${item.category}`)} · {formatHomeMoment(item.submittedAt, lang)}
      </p>
      <h2 style={{ margin: 0, fontSize: "1.2rem", overflowWrap: "anywhere" }}>
        <Link to={blogPaths.post(lang, item.category, item.slug)}>{item.title}</Link>
      </h2>
      <BlogBody blocks={item.body} images={item.images} testId="blog-queue-body" />
      {failure ? <FormErrors errors={errorsBesides(failure, ["reason"])} /> : null}
      <div className={ui.row} style={{ alignItems: "flex-start" }}>
        <Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" name="intent" value="approve" className={ui.button} data-testid="blog-approve" data-shortcut="a">
            {t("blog.backoffice.approve")}
          </button>
        </Form>
        <Form method="post" className={ui.stack} style={{ flex: "1 1 240px", minWidth: 0 }}>
          <input type="hidden" name="id" value={item.id} />
          <RejectReasonField
            id={reasonId}
            label={t("blog.backoffice.reason")}
            placeholder={t("blog.backoffice.choose_reason")}
            reasons={REJECTION_REASONS}
            reasonLabel={(reason) => tModeration(`moderation.reasons.${reason}`)}
            failure={failure}
          />
          <button type="submit" name="intent" value="reject" className={ui.buttonSecondary} data-testid="blog-reject">
            {t("blog.backoffice.reject")}
          </button>
        </Form>
      </div>
    </li>
  );
}
