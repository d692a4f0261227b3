/** The data export's ZIP (issue 10, user/data_privacy): streamed from the API for its signed-in owner. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadDataExport } from "~/features/settings/data-privacy.server";

export const loader = (args: LoaderFunctionArgs) => downloadDataExport(args);
