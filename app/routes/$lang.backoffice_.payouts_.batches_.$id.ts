/** backoffice/payouts/batches/{id} (issue 27 item 7, ADR 086): a payout batch's pain.001 download for backend accounts, 404 for everyone else. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadPayoutBatchFile } from "~/features/backoffice/money/money.server";

export const loader = (args: LoaderFunctionArgs) => loadPayoutBatchFile(args);
