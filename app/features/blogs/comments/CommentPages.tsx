/**
 * The pages of blog comments besides the post's sections (ADR 103): a refused comment form (its text kept, the error
 * beside it), the report form of one comment, and the back office's comments queue.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BLOG_COMMENTS_ANCHOR, blogCommentAnchor, blogPostPath } from "#server/contract/blogs-comments";
import type { Language } from "#server/contract/locales";
import { REPORT_LIMITS } from "#server/contract/reports";
import type { BlogCommentQueueData } from "~/api/blogs-comments.server";
import { FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { ItemClaimBar, itemAnchor, PageQueueChrome } from "~/features/queues/QueueChrome";
import { REPORT_FORM_FIELDS } from "~/features/reports/report-form";
import { ReportFields } from "~/features/reports/ReportFields";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import * as css from "./comments.css";
import { CommentForm } from "./CommentsSection";

/** blogs/{category}/{slug}/comments after a refused post: the same form again, or the refusal of a delete. */
export function CommentFormPage({
  title,
  postPath,
  failure,
  post,
  lang,
}: {
  title: string;
  postPath: string;
  failure: FormReply;
  post: { category: string; slug: string };
  lang: Language;
}) {
  const { t } = useTranslation("blogs-comments");
  const intent = failure.intent === "edit" ? "edit" : failure.intent === "delete" ? "delete" : "add";
  const parentId = Number(inputText(failure, "parent_id")) || undefined;
  const commentId = Number(inputText(failure, "id")) || undefined;
  const back = commentId ? `${blogPostPath(lang, post.category, post.slug)}#${blogCommentAnchor(commentId)}` : postPath;
  return (
    <main className={`${ui.page} ${ui.narrow}`}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <FormErrors errors={errorsBesides(failure, intent === "delete" ? [] : ["body"])} />
        {intent === "delete" ? null : (
          <CommentForm
            post={post}
            lang={lang}
            intent={intent}
            id="comment-retry"
            parentId={intent === "add" ? parentId : undefined}
            commentId={intent === "edit" ? commentId : undefined}
            defaultValue={inputText(failure, "body")}
            errors={failure.fieldErrors.body}
            label={
              intent === "edit"
                ? t("blogs_comments.edit.label")
                : parentId
                  ? t("blogs_comments.reply.label_plain")
                  : t("blogs_comments.form.label")
            }
            submit={intent === "edit" ? t("blogs_comments.edit.submit") : t("blogs_comments.form.submit")}
          />
        )}
        <Link className={ui.linkButton} to={back}>
          {t("blogs_comments.back")}
        </Link>
      </div>
    </main>
  );
}

/** blogs/{category}/{slug}/comments/{id}/report: why the comment breaks the rules (the reports module's form fields). */
export function ReportCommentPage({ title, backPath, failure }: { title: string; backPath: string; failure: FormReply | null }) {
  const { t } = useTranslation("blogs-comments");
  return (
    <main className={`${ui.page} ${ui.narrow}`}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p className={ui.muted}>{t("blogs_comments.report.intro")}</p>
        <Form method="post" className={ui.stack} noValidate data-testid="comment-report-form">
          <FormErrors errors={failure ? errorsBesides(failure, REPORT_FORM_FIELDS) : []} />
          <ReportFields kind="comment" values={failure?.input ?? {}} errors={(field) => failure?.fieldErrors[field]} rows={3} />
          <p style={{ margin: 0 }}>
            <button type="submit" className={ui.button}>
              {t("blogs_comments.report.submit")}
            </button>
          </p>
        </Form>
        <Link className={ui.linkButton} to={backPath}>
          {t("blogs_comments.back")}
        </Link>
      </div>
    </main>
  );
}

type QueueItem = BlogCommentQueueData["items"][number];

/** backoffice/blog-comments: reported comments, oldest report first; remove with a statement of reasons, or dismiss. */
export function BlogCommentQueuePage({
  queue,
  done,
  failure,
  lang,
}: {
  queue: BlogCommentQueueData;
  done: "removed" | "dismissed" | null;
  failure: FormReply | null;
  lang: Language;
}) {
  const { t } = useTranslation("blogs-comments");
  const failedId = failure ? Number(inputText(failure, "id")) : null;
  const pages = Math.max(1, Math.ceil(queue.total / queue.pageSize));
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("blogs_comments.backoffice.title")}</h1>
        <PageQueueChrome />
        <p className={ui.muted}>{t("blogs_comments.backoffice.intro")}</p>
        <Link className={ui.linkButton} to={`/${lang}/backoffice`}>
          {t("blogs_comments.backoffice.to_backoffice")}
        </Link>
        {done ? (
          <p className={ui.notice} role="status" data-testid="comment-queue-done">
            {t(`blogs_comments.backoffice.done_${done}`)}
          </p>
        ) : null}
        {failure && !queue.items.some((item) => item.commentId === failedId) ? <FormErrors errors={errorsBesides(failure, [])} /> : null}
        {queue.items.length === 0 ? (
          <p className={ui.card} data-testid="comment-queue-empty">
            {t("blogs_comments.backoffice.empty")}
          </p>
        ) : (
          <ul className={ui.plainList} style={{ display: "flex", flexDirection: "column", gap: "16px" }} data-testid="comment-queue">
            {queue.items.map((item) => (
              <QueueEntry key={item.commentId} item={item} lang={lang} failure={failure && failedId === item.commentId ? failure : null} />
            ))}
          </ul>
        )}
        {queue.page < pages ? (
          <Link className={ui.linkButton} to={`?page=${queue.page + 1}`}>
            {t("blogs_comments.backoffice.next")}
          </Link>
        ) : null}
      </div>
    </main>
  );
}

function QueueEntry({ item, lang, failure }: { item: QueueItem; lang: Language; failure: FormReply | null }) {
  const { t } = useTranslation("blogs-comments");
  const { t: tReports } = useTranslation("reports");
  return (
    <li
      className={`${ui.card} ${ui.stack}`}
      data-testid="comment-queue-item"
      data-comment-id={item.commentId}
      {...itemAnchor("blog_comments", item.commentId)}
    >
      <ItemClaimBar scope="blog_comments" itemId={item.commentId} />
      <p className={css.meta}>
        {t("blogs_comments.backoffice.reported", {
          count: item.reports,
          date: formatHomeMoment(item.firstReportedAt, lang),
        })}{" "}
        · {item.types.map((type) => tReports(`reports.types.${type}`)).join(", ")}
      </p>
      <p className={css.meta}>
        {item.author ? <strong>{item.author.displayName}</strong> : null} ·{" "}
        <Link to={`${blogPostPath(lang, item.post.category, item.post.slug)}#${BLOG_COMMENTS_ANCHOR}`}>{item.post.title}</Link>
      </p>
      <p className={css.body} data-testid="comment-queue-body">
        {item.body}
      </p>
      {item.texts.length > 0 ? (
        <ul className={css.meta}>
          {item.texts.map((text, index) => (
            <li key={index} className={css.body}>
              {text}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className={ui.stack} noValidate>
        <input type="hidden" name="id" value={item.commentId} />
        <FormErrors errors={failure ? errorsBesides(failure, ["statement"]) : []} />
        <TextAreaField
          id={`statement-${item.commentId}`}
          name="statement"
          label={t("blogs_comments.backoffice.statement")}
          hint={t("blogs_comments.backoffice.statement_hint", { min: REPORT_LIMITS.statementMin, max: REPORT_LIMITS.statementMax })}
          rows={3}
          maxLength={REPORT_LIMITS.statementMax}
          defaultValue={failure ? inputText(failure, "statement") : ""}
          errors={failure?.fieldErrors.statement}
        />
        <div className={ui.row}>
          <button type="submit" name="intent" value="remove" className={ui.button} data-testid="comment-remove">
            {t("blogs_comments.backoffice.remove")}
          </button>
          <button type="submit" name="intent" value="dismiss" className={ui.buttonSecondary} data-testid="comment-dismiss">
            {t("blogs_comments.backoffice.dismiss")}
          </button>
        </div>
      </Form>
    </li>
  );
}
