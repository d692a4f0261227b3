/** tip/live: the tip script's send (POST) and poll (GET ?key=) as JSON; no page (issue 27 item 6). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pollTipLive, sendTipLive } from "~/features/tips/tip.server";

/** Its answers are sentences of the tips namespace (translated on the server). */
export const handle = { i18n: ["tips"] };

export const loader = (args: LoaderFunctionArgs) => pollTipLive(args);

export const action = (args: ActionFunctionArgs) => sendTipLive(args);
