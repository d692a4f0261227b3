/**
 * join/business/photo: the photo step of businesses' registration. One route module per step (ADR 167): the page loads
 * only this step's form; the page frame, loader and action are the wizard's (app/features/registration).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { PhotoStep } from "~/features/registration/PhotoStep";
import { JoinStepPage } from "~/features/registration/RegistrationStepPage";
import { loadJoinStep, submitJoinStep } from "~/features/registration/steps.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["registration"] };

export const loader = (args: LoaderFunctionArgs) => loadJoinStep(args, "business", "photo");
export const action = (args: ActionFunctionArgs) => submitJoinStep(args, "business", "photo");

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function JoinBusinessPhotoStep() {
  return <JoinStepPage form={(view) => <PhotoStep view={view} />} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
