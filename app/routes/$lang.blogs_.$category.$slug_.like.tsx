/** blogs/{category}/{slug}/like: the like button's form (ADR 103); it redirects back to the post. A GET goes to the post. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { submitBlogLike, toPostComments } from "~/features/blogs/comments/comments.server";

export const loader = (args: LoaderFunctionArgs) => toPostComments(args);

export const action = (args: ActionFunctionArgs) => submitBlogLike(args);
