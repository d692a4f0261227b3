/** blogs/{category}/{slug} (G; spec section 2, issue 29 items 3 and 6): one post. A thin adapter over app/features/blogs. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { JsonLd } from "~/components/JsonLd";
import { BlogPostPage } from "~/features/blogs/BlogPostPage";
import { CommentsSection } from "~/features/blogs/comments/CommentsSection";
import { LikeButton } from "~/features/blogs/comments/LikeButton";
import { loadBlogPost } from "~/features/blogs/blogs.server";
import { profileHeaders } from "~/features/profile/headers";
import { rootOrigin } from "~/utils/meta";
import { pageMeta } from "~/utils/seo";

export const handle = { i18n: ["blog", "blogs-comments"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBlogPost(args);

export const headers = profileHeaders;

/** Title, description, canonical and hreflang; a post that is not public yet is never indexed. */
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  pageMeta({
    title: data?.title ?? "",
    description: data?.description,
    origin: rootOrigin(matches),
    pathname: location.pathname,
    noindex: data?.noindex ?? true,
  });

export default function BlogPostRoute() {
  const { lang, post, done, jsonLd, comments } = useLoaderData<typeof loader>();
  return (
    <>
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
      <BlogPostPage
        lang={lang}
        post={post}
        done={done}
        community={
          comments ? (
            <>
              <LikeButton post={comments.post} lang={lang} />
              <CommentsSection comments={comments} lang={lang} />
            </>
          ) : null
        }
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
