/**
 * Where the error summary of a refused post goes (issue 25 item 5, ADR 071): the first thing under the header, on
 * every page. The summary's code (its lines, the messages' texts) is a chunk of its own that comes only with a
 * refusal (ADR 167): most pages never show one. The server awaits it like any part of the page, so the HTML of a
 * refused post is whole without JavaScript; a refusal that arrives by fetch shows it once the chunk is in.
 */
import { lazy, Suspense, useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";

const RefusalSummary = lazy(() => import("./ErrorSummary"));

/** An action answer with a message in its reply (`{ lastResult }` with errors): the summary has a line for it. */
export function isRefusal(answer: unknown): boolean {
  const result = typeof answer === "object" && answer !== null ? (answer as { lastResult?: unknown }).lastResult : null;
  const errors = typeof result === "object" && result !== null ? (result as { error?: unknown }).error : null;
  return (
    typeof errors === "object" &&
    errors !== null &&
    Object.values(errors).some((messages) => Array.isArray(messages) && messages.length > 0)
  );
}

/** The action answer of the route that handled this request's post, when it was refused (null: no post, no refusal). */
function useRefusal(): unknown {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const answers = state?.actionData ? Object.values(state.actionData) : [];
  return answers.find(isRefusal) ?? null;
}

export function ErrorSummary() {
  const answer = useRefusal();
  if (answer === null) return null;
  return (
    <Suspense fallback={null}>
      <RefusalSummary answer={answer} />
    </Suspense>
  );
}
