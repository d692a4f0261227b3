/** ads/{click}/{id} (ADR 131): counts a house ad's click and redirects to the campaign's stored address only. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { followAdClick } from "~/features/ads/ads.server";

export const loader = (args: LoaderFunctionArgs) => followAdClick(args);
