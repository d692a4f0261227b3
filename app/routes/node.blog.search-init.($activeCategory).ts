import type { LoaderFunctionArgs } from "@remix-run/node";
import { nodeBlogSearchInit } from "~/features/community/community.server";

/** GET /node/blog/search-init/{activeCategory?}?{query}: the blog search's first-screen data. Spec section 7 (the front end's own origin); JSON, per viewer. */
export const loader = (args: LoaderFunctionArgs) => nodeBlogSearchInit(args);
