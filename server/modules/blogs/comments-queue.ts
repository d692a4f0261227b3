/**
 * The back office's comments queue (issue 29 item 7, ADR 103): comments with open reports, the oldest report first.
 * The team removes a comment with a statement of reasons or dismisses its reports; both are the reports module's one
 * decision (every open report on the comment closed, every reporter and, on removal, the author mailed, DSA Art. 17),
 * and a removal takes the comment down in that decision's transaction (removeReportedComment).
 */
import { requireStaffPermission } from "../access/index";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  BLOG_COMMENT_ERRORS,
  type BlogCommentDecision,
  type BlogCommentQueue,
  type QueuedBlogComment,
} from "../../contract/blogs-comments";
import { REPORT_LIMITS, type ReportType } from "../../contract/reports";
import { memberNamesOf } from "../access/index";
import { decideReport } from "../reports/index";

/** Staff (team 10, backend 9), read from the database on every call: anyone else gets 403. */
async function requireStaff(deps: ApiDeps, userId: number): Promise<void> {
  await requireStaffPermission(deps, userId, "queues.decide");
}

/** Open reports of comments, grouped per comment: how many and since when. */
function openCommentReports(deps: ApiDeps) {
  return deps.db
    .selectFrom("reports")
    .select(["object_id", (eb) => eb.fn.min("created_at").as("first_at"), (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("object_kind", "=", "comment")
    .where("state", "=", "open")
    .where("object_id", "is not", null)
    .groupBy("object_id");
}

/** GET /backoffice/blog-comments: reported comments not yet removed, oldest report first, REPORT_LIMITS.pageSize a page. */
export async function commentQueue(deps: ApiDeps, staffId: number, page: number): Promise<BlogCommentQueue> {
  await requireStaff(deps, staffId);
  const size = REPORT_LIMITS.pageSize;
  const queued = () =>
    deps.db
      .selectFrom(openCommentReports(deps).as("open"))
      .innerJoin("blog_comments", "blog_comments.id", "open.object_id")
      .innerJoin("blogs", "blogs.id", "blog_comments.blog_id");
  const [count, rows] = await Promise.all([
    queued()
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst(),
    queued()
      .select([
        "blog_comments.id",
        "blog_comments.author_id",
        "blog_comments.body",
        "blog_comments.created_at",
        "blogs.slug",
        "blogs.category",
        "blogs.title",
        "open.first_at",
        "open.n",
      ])
      .orderBy("open.first_at")
      .orderBy("blog_comments.id")
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  const ids = rows.map((row) => row.id);
  const [names, reports] = await Promise.all([
    memberNamesOf(
      deps.db,
      rows.map((row) => row.author_id),
    ),
    ids.length === 0
      ? Promise.resolve([])
      : deps.db
          .selectFrom("reports")
          .select(["object_id", "type", "text"])
          .where("object_kind", "=", "comment")
          .where("state", "=", "open")
          .where("object_id", "in", ids)
          .orderBy("created_at")
          .execute(),
  ]);
  const items = rows.map((row): QueuedBlogComment => {
    const own = reports.filter((report) => report.object_id === row.id);
    return {
      comment_id: row.id,
      body: row.body,
      author: names.get(row.author_id) ?? null,
      post: { slug: row.slug, category: row.category, title: row.title },
      created_at: Number(row.created_at),
      reports: Number(row.n),
      first_reported_at: Number(row.first_at),
      types: [...new Set(own.map((report) => report.type as ReportType))],
      texts: own.flatMap((report) => (report.text ? [report.text] : [])),
    };
  });
  return { items, page, page_size: size, total: Number(count?.n ?? 0) };
}

/**
 * POST /backoffice/blog-comments/{id}/remove and …/dismiss: decides the comment's open reports at once (its oldest
 * report carries the decision to the others). 404 when the comment has no open report (decided meanwhile, or never
 * reported): the team's second click changes nothing.
 */
export async function decideReportedComment(
  deps: ApiDeps,
  staffId: number,
  commentId: number,
  outcome: BlogCommentDecision["outcome"],
  statement: string,
): Promise<BlogCommentDecision> {
  await requireStaff(deps, staffId);
  const open = await deps.db
    .selectFrom("reports")
    .select("id")
    .where("object_kind", "=", "comment")
    .where("object_id", "=", commentId)
    .where("state", "=", "open")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  if (open.length === 0) throw fail.notFound(BLOG_COMMENT_ERRORS.notReported);
  await decideReport(deps, staffId, open[0]!.id, { outcome, statement });
  return { comment_id: commentId, outcome, reports: open.length };
}
