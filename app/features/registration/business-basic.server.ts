/**
 * The server half of the business basic form (join/business/basic and its landing pages): the schema and the
 * tracking id's pattern stay in this .server module, so the pages' browser chunks carry neither the sign-up contract
 * nor valibot (ADR 161; the form loads its schema on first use, ADR 156).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { businessSignUpSchema, TRACKING_ID_PATTERN } from "#server/contract/registration-sign-up";
import { BUSINESS_FIELDS } from "./BusinessBasicForm";
import { submitSignUp } from "./sign-up-session.server";

export function submitBusinessBasic({ request, context, params }: ActionFunctionArgs) {
  return submitSignUp(
    { request, context, lang: params.lang! },
    { schema: businessSignUpSchema, kind: "business", fields: BUSINESS_FIELDS },
  );
}

/** A landing page id as the campaign links carry it. */
export const isLandingPageId = (id: string) => TRACKING_ID_PATTERN.test(id);
