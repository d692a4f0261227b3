/**
 * Blog posts in the web tier (issue 29 items 3, 6, 7; ADR 101, 102): blogs/add and blogs/{category}/{slug}/edit (the
 * safe editor: a textarea of markup, a preview step, save as draft or send on), the post page (guests; title,
 * description, canonical, hreflang and BlogPosting data), my_blogs and the back office's blog queue. Plain forms that
 * post to their own page and redirect; every rule is the API's, the markup is parsed by the contract's one parser.
 */
import { loadStaffQueue } from "~/features/backoffice/staff-queue.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { BLOG_CATEGORIES, BLOG_STATUS_NAMES, blogPaths, isBlogCategory, type MyBlogsFilter } from "#server/contract/blogs";
import type { BlogBlock } from "#server/contract/blogs-editor";
import { blogInputSchema, blogRejectSchema } from "#server/contract/blogs-posts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { pageQueryParam } from "#server/contract/paging";
import {
  decideBlog,
  deleteBlog,
  fetchBlogMedia,
  fetchBlogPost,
  fetchBlogQueue,
  fetchMyBlogs,
  fetchOwnBlog,
  saveBlog,
  type BlogPostData,
} from "~/api/blogs.server";
import { createApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { loadBlogComments } from "./comments/comments.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { PRIVATE_HEADERS, publicOrigin } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

const idField = v.pipe(v.string("validation.invalid"), v.regex(/^[1-9]\d{0,9}$/, "validation.invalid"), v.transform(Number));

// --- blogs/{category}/{slug} -----------------------------------------------------------------------------------

/** What the post page says after the author saved (?done=…). */
const POST_DONE = ["submitted", "draft", "saved"] as const;
type PostDone = (typeof POST_DONE)[number];

/** schema.org BlogPosting (issue 29 item 6): what search engines read of a public post. */
function blogPostingJsonLd(post: BlogPostData, lang: Language, origin: string) {
  const url = `${origin}${blogPaths.post(lang, post.category, post.slug)}`;
  const cover = post.cover && post.cover.widths.length > 0 ? `${origin}${post.cover.path}/${post.cover.widths.at(-1)}.jpg` : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    url,
    mainEntityOfPage: url,
    datePublished: new Date(post.publishedAt ?? post.createdAt).toISOString(),
    dateModified: new Date(post.updatedAt).toISOString(),
    articleSection: post.category,
    author: { "@type": "Person", name: post.author.displayName, url: `${origin}/${lang}/p/${encodeURIComponent(post.author.username)}` },
    ...(cover ? { image: cover } : {}),
    ...(post.likeCount > 0 || post.commentCount > 0
      ? {
          interactionStatistic: [
            { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: post.likeCount },
            { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: post.commentCount },
          ],
        }
      : {}),
  };
}

/** The post for this viewer; a post whose category changed answers at its new address (301). */
export async function loadBlogPost({ request, context, params }: LoaderFunctionArgs) {
  const lang = langOf(params);
  if (!isBlogCategory(params.category) || !params.slug) throw await notFoundResponse(request);
  const result = await fetchBlogPost(createApiClient({ request, context }), params.category, params.slug);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    unavailable(result.status);
  }
  const post = result.data;
  if (post.category !== params.category || post.slug !== params.slug)
    throw redirect(blogPaths.post(lang, post.category, post.slug), { status: 301 });
  const [t, comments] = await Promise.all([i18nServer.getFixedT(request), loadBlogComments(request, context, post.slug)]);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      lang,
      post,
      // Likes and comments (ADR 103); null where the post takes none (not public yet).
      comments,
      title: t("blog.post.meta_title", { ns: "blog", title: post.title }),
      description: post.excerpt,
      // Not public yet (the author's or the team's view): never indexed, never shared by a cache.
      noindex: !post.isPublic,
      jsonLd: post.isPublic ? blogPostingJsonLd(post, lang, publicOrigin()) : null,
      done: (POST_DONE as readonly string[]).includes(done ?? "") ? (done as PostDone) : null,
    },
    { headers: post.isPublic ? publicPageHeaders(request) : PRIVATE_HEADERS },
  );
}

// --- blogs/add, blogs/{category}/{slug}/edit ------------------------------------------------------------------

/** The editor's form: the post's fields, and which button was pressed (preview, save as draft, send on). */
const editFormSchema = v.object({
  title: blogInputSchema.entries.title,
  category: blogInputSchema.entries.category,
  body: blogInputSchema.entries.body,
  cover_media_id: blogInputSchema.entries.cover_media_id,
  intent: v.picklist(["preview", "draft", "submit"] as const, "validation.invalid"),
});

/** The post being edited (null: a new one), checked to be the viewer's own by the API (404 otherwise). */
async function editedPost(request: Request, context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  if (params.slug === undefined) return null;
  const api = createApiClient({ request, context });
  if (!isBlogCategory(params.category)) throw await notFoundResponse(request);
  const post = await fetchBlogPost(api, params.category, params.slug);
  if (!post.ok || !post.data.isOwn) {
    if (post.ok || post.status === 404) throw await notFoundResponse(request);
    unavailable(post.status);
  }
  const own = await fetchOwnBlog(api, post.data.id);
  if (!own.ok) {
    if (own.status === 404) throw await notFoundResponse(request);
    unavailable(own.status);
  }
  return own.data;
}

export async function loadBlogEdit({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const [blog, media] = await Promise.all([editedPost(request, context, params), fetchBlogMedia(createApiClient({ request, context }))]);
  if (!media.ok) unavailable(media.status);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      lang,
      title: blog === null ? t("blog.edit.title_new", { ns: "blog" }) : t("blog.edit.title_edit", { ns: "blog" }),
      blog,
      media: media.data.items,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * The editor's post: "preview" parses the markup (the contract's parser, as the API would) and shows the blocks with
 * the form again; "draft" and "submit" save the whole post and open it (?done=…). A refusal keeps every input and
 * shows the error at its field.
 */
export async function submitBlogEdit({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const blog = await editedPost(request, context, params);
  const submission = await parseForm(request, editFormSchema);
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(), preview: null as BlogBlock[] | null }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  if (form.intent === "preview") return data({ lastResult: submission.reply(), preview: form.body }, { headers: PRIVATE_HEADERS });
  const result = await saveBlog(createApiClient({ request, context }), blog?.id ?? null, {
    title: form.title,
    category: form.category,
    body: form.body,
    cover_media_id: form.cover_media_id ?? null,
    submit: form.intent === "submit",
  });
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors), preview: null },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  }
  const done: PostDone = form.intent === "draft" ? "draft" : blog === null ? "submitted" : "saved";
  throw redirect(`${blogPaths.post(lang, result.data.category, result.data.slug)}?done=${done}`, { headers: PRIVATE_HEADERS });
}

// --- my_blogs -------------------------------------------------------------------------------------------------

/** The page's filter form: a category and a status; the spec's filter (all, category, status) follows from them. */
const myBlogsUrlSchema = v.pipe(
  v.object({
    category: v.optional(v.picklist(BLOG_CATEGORIES)),
    status: v.optional(v.picklist(BLOG_STATUS_NAMES)),
    page: pageQueryParam,
  }),
  v.transform((query) => {
    const filter: MyBlogsFilter = query.status ? "status" : query.category ? "category" : "all";
    return { ...query, filter };
  }),
);

/** my_blogs: the author's posts by the manager's filter (all, category, status), 10 a page. */
export async function loadMyBlogs({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const url = new URL(request.url);
  const asked = Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ""));
  const parsed = v.safeParse(myBlogsUrlSchema, asked);
  // A hand-edited filter that names nothing shows all posts (the form offers only real ones).
  const query = parsed.success ? parsed.output : { filter: "all" as const, category: undefined, status: undefined, page: 1 };
  const result = await fetchMyBlogs(createApiClient({ request, context }), query);
  if (!result.ok) unavailable(result.status);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      lang,
      title: t("blog.mine.title", { ns: "blog" }),
      list: result.data,
      query,
      done: url.searchParams.get("done") === "deleted" ? ("deleted" as const) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** my_blogs' one form per post: delete (after the confirmation disclosure). */
export async function submitMyBlogs({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, v.object({ intent: v.literal("delete", "validation.invalid"), id: idField }));
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await deleteBlog(createApiClient({ request, context }), submission.value.id);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  throw redirect(`${blogPaths.mine(lang)}?done=deleted`, { headers: PRIVATE_HEADERS });
}

// --- backoffice/blogs -----------------------------------------------------------------------------------------

export const loadBlogQueue = (args: LoaderFunctionArgs) =>
  loadStaffQueue(args, {
    permission: "queues.decide",
    fetch: fetchBlogQueue,
    title: { key: "blog.backoffice.title", ns: "blog" },
    done: ["approved", "rejected"] as const,
    queue: "blogs",
  });

const decisionSchema = v.variant("intent", [
  v.object({ intent: v.literal("approve"), id: idField }),
  v.object({ intent: v.literal("reject"), id: idField, reason: blogRejectSchema.entries.reason }),
]);

export async function submitBlogDecision({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, decisionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const result = await decideBlog(createApiClient({ request, context }), form.id, form.intent === "reject" ? form.reason : null);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  throw redirect(`${blogPaths.backoffice(lang)}?done=${form.intent === "approve" ? "approved" : "rejected"}`, { headers: PRIVATE_HEADERS });
}
