/** user/dollar/history.csv (issue 27): the member's dollar history as CSV, streamed from the API. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadDollarHistory } from "~/features/wallet/dollar.server";

export const loader = (args: LoaderFunctionArgs) => downloadDollarHistory(args);
