import type { LoaderFunctionArgs } from "@remix-run/node";
import { nodeEventUserList } from "~/features/community/community.server";

/** GET /node/event/user-list/{username}: the member's events (the profile tab). Spec section 7 (the front end's own origin); JSON, per viewer. */
export const loader = (args: LoaderFunctionArgs) => nodeEventUserList(args);
