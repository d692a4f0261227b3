/** Where the comment and like forms of a post go (their own routes under the post's address, ADR 103). */
import { blogPostPath } from "#server/contract/blogs-comments";

export const blogCommentPaths = {
  comments: (lang: string, category: string, slug: string) => `${blogPostPath(lang, category, slug)}/comments`,
  like: (lang: string, category: string, slug: string) => `${blogPostPath(lang, category, slug)}/like`,
  report: (lang: string, category: string, slug: string, commentId: number) =>
    `${blogPostPath(lang, category, slug)}/comments/${commentId}/report`,
};
