/** live/keys: a creator's RTMP stream key for OBS (issue 31 item 1, ADR 125). A thin adapter over app/features/live-media. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { LiveKeysPage } from "~/features/live-media/LiveKeysPage";
import { loadLiveKeys, submitLiveKeys } from "~/features/live-media/keys.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live-media"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLiveKeys(args);

export const action = (args: ActionFunctionArgs) => submitLiveKeys(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default LiveKeysPage;
