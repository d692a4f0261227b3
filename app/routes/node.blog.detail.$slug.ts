import type { LoaderFunctionArgs } from "@remix-run/node";
import { nodeBlogDetail } from "~/features/community/community.server";

/** GET /node/blog/detail/{slug}: a post's first-screen data. Spec section 7 (the front end's own origin); JSON, per viewer. */
export const loader = (args: LoaderFunctionArgs) => nodeBlogDetail(args);
