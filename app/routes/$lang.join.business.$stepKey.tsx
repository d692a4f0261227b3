/**
 * Registration steps of businesses (services, schedule, description, photo, escorts, completed).
 * One route module for all steps; each step's form is its own component in
 * app/features/join/. Sign-up (basic) has its own route.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { loadJoinStep, submitJoinStep } from "~/features/join/steps.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { JoinStepPage } from "~/features/join/JoinStepPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["join", "search", "traits"] };

export const loader = (args: LoaderFunctionArgs) => loadJoinStep(args, "business");
export const action = (args: ActionFunctionArgs) => submitJoinStep(args, "business");

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

export default function JoinBusinessStepRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <JoinStepPage
      audience={data.audience}
      stepKey={data.stepKey}
      title={data.title}
      step={data.step}
      media={data.media}
      isEmailVerified={data.isEmailVerified}
      returnTo={data.returnTo}
      progress={data.progress}
      signupTracking={data.signupTracking}
      lastResult={actionData?.lastResult}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
