/**
 * join/business/completed: the welcome page at the end step of businesses' registration. One route module per step
 * (ADR 167): the page loads only this step's form; the page frame, loader and action are the wizard's
 * (app/features/registration).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { CompletedStep } from "~/features/registration/CompletedStep";
import { JoinStepPage } from "~/features/registration/RegistrationStepPage";
import { loadJoinStep, submitJoinStep } from "~/features/registration/steps.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["registration"] };

export const loader = (args: LoaderFunctionArgs) => loadJoinStep(args, "business", "completed");
export const action = (args: ActionFunctionArgs) => submitJoinStep(args, "business", "completed");

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function JoinBusinessCompletedStep() {
  return (
    <JoinStepPage
      form={(view) => (
        <CompletedStep
          business
          isEmailVerified={view.isEmailVerified}
          signupTracking={view.signupTracking}
          returnTo={view.returnTo ?? null}
        />
      )}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
