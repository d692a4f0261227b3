/** /{lang}/support/signout (spec section 2): the help desk's remote logout address; back to it or our home (ADR 134). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadSupportSignOut } from "~/features/helpdesk/helpdesk.server";

export const loader = (args: LoaderFunctionArgs) => loadSupportSignOut(args);
