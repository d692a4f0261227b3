/** messenger/{username}/live: the live conversation's resync (GET), read mark and send (POST) as JSON; no page. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { actLive, loadLive } from "~/features/messenger/live.server";

export const loader = (args: LoaderFunctionArgs) => loadLive(args);

export const action = (args: ActionFunctionArgs) => actLive(args);
