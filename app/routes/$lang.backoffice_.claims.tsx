/** backoffice/claims: where every queue page's claim forms post (issue 30 item 5, ADR 119); no page of its own. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { submitClaim } from "~/features/queues/queues.server";
import { notFoundResponse } from "~/utils/not-found.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  throw await notFoundResponse(request);
};

export const action = (args: ActionFunctionArgs) => submitClaim(args);
