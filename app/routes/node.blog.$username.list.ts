import type { LoaderFunctionArgs } from "@remix-run/node";
import { nodeBlogUserList } from "~/features/community/community.server";

/** GET /node/blog/{username}/list?page=n: one page of the member's posts. Spec section 7 (the front end's own origin); JSON, per viewer. */
export const loader = (args: LoaderFunctionArgs) => nodeBlogUserList(args, false);
