/**
 * Blog comments and likes in the web tier (issue 29 item 4, ADR 103). The post page mounts the comments section and
 * the like button with one loader helper (`loadBlogComments`); their plain forms post to routes of their own
 * (`blogs/{category}/{slug}/comments`, `/like`, `/comments/{id}/report`) that redirect back to the post at the comment
 * (`#comment-{id}`). A refused comment renders that route's page: the form again, the text kept, the error beside it.
 * The back office's comments queue is here too. Every rule is the API's.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import {
  BLOG_COMMENTS_ANCHOR,
  BLOG_COMMENTS_PAGE_PARAM,
  blogCommentAnchor,
  blogCommentBodySchema,
  blogCommentDecisionSchema,
  blogCommentQueuePath,
  blogPostPath,
  BLOG_COMMENT_ERRORS,
} from "#server/contract/blogs-comments";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { pageQueryParam } from "#server/contract/paging";
import { parseRowId } from "#server/contract/row-id";
import {
  addBlogComment,
  decideReportedBlogComment,
  deleteBlogComment,
  editBlogComment,
  fetchBlogCommentQueue,
  fetchBlogComments,
  setBlogLike,
  type BlogCommentPageData,
} from "~/api/blogs-comments.server";
import type { AppLoadContext } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { fileReport } from "~/api/reports.server";
import { requireViewer } from "~/api/viewer.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { reportFormEntries } from "~/features/reports/report-form";
import { i18nServer } from "~/i18n/i18next.server";
import { queueChromeFor } from "~/features/queues/queue-chrome.server";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

/** The post a comments route names: its category and slug from the path. */
function postOf(params: LoaderFunctionArgs["params"]) {
  return { lang: langOf(params), category: params.category ?? "", slug: params.slug ?? "" };
}

/** The comments page a post's URL asks for (?comments_page=N), 1 when absent or no page number. */
function commentsPageOf(request: Request): number {
  const parsed = v.safeParse(pageQueryParam, new URL(request.url).searchParams.get(BLOG_COMMENTS_PAGE_PARAM) ?? undefined);
  return parsed.success ? parsed.output : 1;
}

/** Where a saved comment is shown: its page of the list and its anchor. */
function commentLocation(lang: Language, category: string, slug: string, page: number, commentId: number | null): string {
  const query = page > 1 ? `?${BLOG_COMMENTS_PAGE_PARAM}=${page}` : "";
  return `${blogPostPath(lang, category, slug)}${query}#${commentId === null ? BLOG_COMMENTS_ANCHOR : blogCommentAnchor(commentId)}`;
}

// --- the post page's sections -------------------------------------------------------------------------------

export type BlogCommentsData = BlogCommentPageData;

/**
 * The loader helper the post page calls for its comments section and like button: the page of threads its URL asks
 * for (?comments_page=N), the counts and the viewer's like. Null when the post has no comments to show (404: not
 * published, or a block), which the post page answers on its own.
 */
export async function loadBlogComments(request: Request, context: AppLoadContext, slug: string): Promise<BlogCommentsData | null> {
  const result = await fetchBlogComments(createApiClient({ request, context }), slug, commentsPageOf(request));
  if (result.ok) return result.data;
  if (result.status === 404 || result.status === 400) return null;
  unavailable(result.status);
}

// --- blogs/{category}/{slug}/comments: add, edit, delete ----------------------------------------------------

const commentId = rowIdField(BLOG_COMMENT_ERRORS.notFound);
const commentFormSchema = intentVariant({
  add: v.object({ body: blogCommentBodySchema, parent_id: v.optional(commentId) }),
  edit: v.object({ id: commentId, body: blogCommentBodySchema }),
  delete: v.object({ id: commentId }),
});

/** The like route's GET: nothing of its own to show, back to the post's like button. */
export function toPostComments({ params }: LoaderFunctionArgs): never {
  const { lang, category, slug } = postOf(params);
  throw redirect(`${blogPostPath(lang, category, slug)}#like`, { headers: privateAnswer() });
}

/**
 * The comments route's own page: only a link back to the post (a GET lands here after a login). It must not
 * redirect: after a refused post Remix renders this route's page with the action's answer.
 */
export async function loadCommentsRoute({ request, params }: LoaderFunctionArgs) {
  const { lang, category, slug } = postOf(params);
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("blogs_comments.form_page.title", { ns: "blogs-comments" }), postPath: commentLocation(lang, category, slug, 1, null) },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * The comment forms (intent add, edit, delete): on success back to the comment on the post; refused, the route's
 * page shows the form again with the text kept and the error at the field (400), or the API's refusal (404, 403, 429).
 */
export async function submitBlogComment({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const { lang, category, slug } = postOf(params);
  const submission = await parseForm(request, commentFormSchema, { lineBreaks: true });
  const t = await i18nServer.getFixedT(request);
  const page = {
    title: t("blogs_comments.form_page.title", { ns: "blogs-comments" }),
    postPath: commentLocation(lang, category, slug, 1, null),
  };
  if (submission.status !== "success")
    return data({ ...page, lastResult: submission.reply(), intent: null }, { status: 400, headers: privateAnswer() });
  const api = createApiClient({ request, context });
  const form = submission.value;
  if (form.intent === "delete") {
    const result = await deleteBlogComment(api, form.id);
    if (!result.ok)
      return data(
        { ...page, lastResult: replyWithApiErrors(submission, result.errors), intent: form.intent },
        { status: result.status >= 500 ? 503 : result.status, headers: privateAnswer() },
      );
    throw redirect(commentLocation(lang, category, slug, 1, null), { headers: privateAnswer() });
  }
  const result =
    form.intent === "add" ? await addBlogComment(api, slug, form.body, form.parent_id) : await editBlogComment(api, form.id, form.body);
  if (!result.ok)
    return data(
      { ...page, lastResult: replyWithApiErrors(submission, result.errors), intent: form.intent },
      { status: result.status >= 500 ? 503 : result.status, headers: privateAnswer() },
    );
  throw redirect(commentLocation(lang, category, slug, result.data.page, result.data.id), { headers: privateAnswer() });
}

// --- blogs/{category}/{slug}/like ---------------------------------------------------------------------------

const likeFormSchema = v.object({ liked: v.picklist(["1", "0"], "validation.invalid") });

/** The like button's form: like (liked=1) or take it back (liked=0), then back to the button. */
export async function submitBlogLike({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const { lang, category, slug } = postOf(params);
  const submission = await parseForm(request, likeFormSchema);
  const back = `${blogPostPath(lang, category, slug)}#like`;
  if (submission.status !== "success") throw redirect(back, { headers: privateAnswer() });
  const result = await setBlogLike(createApiClient({ request, context }), slug, submission.value.liked === "1");
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    unavailable(result.status);
  }
  throw redirect(back, { headers: privateAnswer() });
}

// --- blogs/{category}/{slug}/comments/{id}/report -----------------------------------------------------------

/** The report page of one comment: the member's report form (reason, text, good faith); the comment is the API's to find. */
export async function loadCommentReport({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const { lang, category, slug } = postOf(params);
  const id = parseRowId(params.commentId);
  if (id === null) throw await notFoundResponse(request);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("blogs_comments.report.title", { ns: "blogs-comments" }),
      commentId: id,
      backPath: commentLocation(lang, category, slug, 1, id),
    },
    { headers: PRIVATE_HEADERS },
  );
}

const reportSchema = v.object({ ...reportFormEntries });

export async function submitCommentReport({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const { lang, category, slug } = postOf(params);
  const id = parseRowId(params.commentId);
  if (id === null) throw await notFoundResponse(request);
  const submission = await parseForm(request, reportSchema, { lineBreaks: true });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: privateAnswer() });
  const form = submission.value;
  const result = await fileReport(createApiClient({ request, context }), {
    kind: "comment",
    object_id: id,
    type: form.type,
    text: form.text,
    good_faith: form.good_faith,
  });
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: privateAnswer() },
    );
  throw redirect(`${blogPostPath(lang, category, slug)}?reported=1#${BLOG_COMMENTS_ANCHOR}`, { headers: privateAnswer() });
}

// --- backoffice/blog-comments ---------------------------------------------------------------------------------

const QUEUE_DONE = ["removed", "dismissed"] as const;

export async function loadBlogCommentQueue({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const url = new URL(request.url);
  const page = v.safeParse(pageQueryParam, url.searchParams.get("page") ?? undefined);
  const result = await fetchBlogCommentQueue(createApiClient({ request, context }), page.success ? page.output : 1);
  // Members get the back office's 404 (it does not exist for them).
  if (!result.ok) {
    if (result.status === 403 || result.status === 404 || result.status === 400) throw await notFoundResponse(request);
    unavailable(result.status);
  }
  const t = await i18nServer.getFixedT(request);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("blogs_comments.backoffice.title", { ns: "blogs-comments" }),
      queue: result.data,
      done: (QUEUE_DONE as readonly string[]).includes(done ?? "") ? (done as (typeof QUEUE_DONE)[number]) : null,
      chrome: await queueChromeFor({ request, context }, "blog_comments"),
    },
    { headers: PRIVATE_HEADERS },
  );
}

const decisionSchema = intentVariant({
  remove: v.object({ id: commentId, ...blogCommentDecisionSchema.entries }),
  dismiss: v.object({ id: commentId, ...blogCommentDecisionSchema.entries }),
});

export async function submitBlogCommentDecision({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, decisionSchema, { lineBreaks: true });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const result = await decideReportedBlogComment(createApiClient({ request, context }), form.id, form.intent === "remove", form.statement);
  if (!result.ok) {
    if (result.status === 403) throw await notFoundResponse(request);
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${blogCommentQueuePath(lang)}?done=${form.intent === "remove" ? "removed" : "dismissed"}`, { headers: PRIVATE_HEADERS });
}
