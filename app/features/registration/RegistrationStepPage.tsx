import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { loadJoinStep, submitJoinStep } from "~/features/registration/steps.server";
import { StepProgress } from "./controls";
import * as css from "./steps.css";
import { textKeyOf } from "./join-steps";
import { TraitGroupsProvider } from "./trait-groups";

/** What a join step's form gets: the loader's data of the step route shown and the action's refused reply. */
export type JoinStepView = ReturnType<typeof useLoaderData<typeof loadJoinStep>> & { lastResult?: SubmissionResult<string[]> };

/**
 * The page of every join step (individuals and businesses): progress, heading, intro, and the step's own form, which
 * the step's route names — one route module per step, so a step's page loads only its own form's code (ADR 167).
 * The form sits under a key per step, so form state never leaks from one step into the next.
 */
export function JoinStepPage({ form }: { form: (view: JoinStepView) => ReactNode }) {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loadJoinStep>();
  const actionData = useActionData<typeof submitJoinStep>();
  const { audience, stepKey } = data;
  return (
    <TraitGroupsProvider value={data.traitGroups}>
      <main className={css.page}>
        {stepKey !== "completed" ? <StepProgress items={data.progress} /> : null}
        <h1>{data.title}</h1>
        {stepKey !== "completed" ? <p>{t(`registration_steps.${textKeyOf(audience, stepKey)}.intro`)}</p> : null}
        <div key={`${audience}:${stepKey}`}>{form({ ...data, lastResult: actionData?.lastResult })}</div>
      </main>
    </TraitGroupsProvider>
  );
}
