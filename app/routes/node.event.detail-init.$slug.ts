import type { LoaderFunctionArgs } from "@remix-run/node";
import { nodeEventDetail } from "~/features/community/community.server";

/** GET /node/event/detail-init/{slug}: an event page's first-screen data. Spec section 7 (the front end's own origin); JSON, per viewer. */
export const loader = (args: LoaderFunctionArgs) => nodeEventDetail(args);
