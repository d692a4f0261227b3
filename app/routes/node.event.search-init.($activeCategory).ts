import type { LoaderFunctionArgs } from "@remix-run/node";
import { nodeEventSearchInit } from "~/features/community/community.server";

/** GET /node/event/search-init/{activeCategory?}?{query}: the event search's first-screen data. Spec section 7 (the front end's own origin); JSON, per viewer. */
export const loader = (args: LoaderFunctionArgs) => nodeEventSearchInit(args);
