/** One invoice's file (PDF, or for business buyers Factur-X / XRechnung): streamed from the API for its signed-in owner. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadInvoice } from "~/features/invoices/billing-invoices.server";

export const loader = (args: LoaderFunctionArgs) => downloadInvoice(args);
