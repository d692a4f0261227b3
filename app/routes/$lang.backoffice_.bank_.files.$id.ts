/** backoffice/bank/files/{id} (issue 26, ADR 079, 080): a SEPA file's XML download for backend accounts, 404 for everyone else. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadBankFile } from "~/features/backoffice/money/money.server";

export const loader = (args: LoaderFunctionArgs) => loadBankFile(args);
