/**
 * Registration steps of individuals (photo, profile, appearance, services, availability, completed).
 * One route module for all steps; the page and each step's form live in app/features/registration/.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { JoinStepRouteView } from "~/features/registration/RegistrationStepPage";
import { loadJoinStep, submitJoinStep } from "~/features/registration/steps.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["registration", "search", "traits"] };

export const loader = (args: LoaderFunctionArgs) => loadJoinStep(args, "user");
export const action = (args: ActionFunctionArgs) => submitJoinStep(args, "user");

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export default JoinStepRouteView;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
