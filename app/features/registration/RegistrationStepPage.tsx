import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BusinessSignupTracking, loadJoinStep, MediaItem, StepData, submitJoinStep } from "~/features/registration/steps.server";
import { AppearanceStep } from "./AppearanceStep";
import { AvailabilityStep } from "./AvailabilityStep";
import { BusinessDescriptionStep, BusinessEscortsStep, BusinessServicesStep } from "./BusinessSteps";
import { CompletedStep } from "./CompletedStep";
import { StepProgress } from "./controls";
import * as css from "./steps.css";
import { PhotoStep } from "./PhotoStep";
import { ProfileStep } from "./ProfileStep";
import { ServicesStep } from "./ServicesStep";
import { textKeyOf, type JoinAudience } from "./join-steps";
import { TraitGroupsProvider } from "./trait-groups";

export interface RegistrationStepPageProps {
  audience: JoinAudience;
  stepKey: string;
  title: string;
  step: StepData;
  media: MediaItem[];
  isEmailVerified: boolean;
  progress: Array<{ key: string; done: boolean; current: boolean }>;
  lastResult?: SubmissionResult<string[]>;
  /** The page to return to from the welcome page (where a prompt sent the new member off), or null. */
  returnTo?: string | null;
  /** Business funnel for the welcome page; absent for individuals. */
  signupTracking?: BusinessSignupTracking | null;
}

/** One page for every step: heading, progress, and the step's own form (keyed by step so conform state never leaks between steps). */
export function RegistrationStepPage(props: RegistrationStepPageProps) {
  const { t } = useTranslation();
  const { audience, stepKey, step, media, lastResult } = props;
  const form = (() => {
    if (stepKey === "completed")
      return (
        <CompletedStep
          business={audience === "business"}
          isEmailVerified={props.isEmailVerified}
          signupTracking={props.signupTracking}
          returnTo={props.returnTo ?? null}
        />
      );
    if (stepKey === "photo") return <PhotoStep media={media} photoRequired={step.photo_required} lastResult={lastResult} />;
    if (audience === "user") {
      if (stepKey === "profile") return <ProfileStep step={step} lastResult={lastResult} />;
      if (stepKey === "appearance") return <AppearanceStep step={step} lastResult={lastResult} />;
      if (stepKey === "services") return <ServicesStep step={step} lastResult={lastResult} />;
      if (stepKey === "availability") return <AvailabilityStep step={step} lastResult={lastResult} withAvailableNow />;
    } else {
      if (stepKey === "services") return <BusinessServicesStep step={step} lastResult={lastResult} />;
      if (stepKey === "schedule") return <AvailabilityStep step={step} lastResult={lastResult} withAvailableNow={false} />;
      if (stepKey === "description") return <BusinessDescriptionStep step={step} lastResult={lastResult} />;
      if (stepKey === "escorts") return <BusinessEscortsStep step={step} lastResult={lastResult} />;
    }
    return null;
  })();
  return (
    <main className={css.page}>
      {stepKey !== "completed" ? <StepProgress items={props.progress} /> : null}
      <h1>{props.title}</h1>
      {stepKey !== "completed" ? <p>{t(`registration_steps.${textKeyOf(audience, stepKey)}.intro`)}</p> : null}
      <div key={`${audience}:${stepKey}`}>{form}</div>
    </main>
  );
}

/** The page of a join step route (individuals and businesses alike): the loader's data and the action's answer. */
export function JoinStepRouteView() {
  const data = useLoaderData<typeof loadJoinStep>();
  const actionData = useActionData<typeof submitJoinStep>();
  return (
    <TraitGroupsProvider value={data.traitGroups}>
      <RegistrationStepPage
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
    </TraitGroupsProvider>
  );
}
