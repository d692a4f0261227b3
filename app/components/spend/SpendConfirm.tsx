/**
 * What every "spend dollars" confirmation without JavaScript shows (a tip, a pay-per-view medium): the title, the
 * refusal or the form's errors, and the facts — what it costs and the balance now and after (only when it covers it).
 */
import { Fragment, type ReactNode } from "react";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import * as css from "./spend.css";

export function SpendFrame({
  title,
  refusal,
  testId,
  reply,
  children,
}: {
  title: string;
  refusal: string | null;
  /** Prefix of the test ids ("tip", "buy"). */
  testId: string;
  reply: FormReply | null;
  children: ReactNode;
}) {
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        {refusal ? (
          <p className={ui.alert} role="alert" data-testid={`${testId}-refusal`}>
            {refusal}
          </p>
        ) : null}
        {reply ? <FormErrors errors={allErrors(reply)} /> : null}
        {children}
      </div>
    </main>
  );
}

export interface SpendFact {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}

/** The facts list; `balanceAfter` is left out when the balance does not cover the spend. */
export function SpendFacts({ facts, balanceAfter }: { facts: readonly SpendFact[]; balanceAfter: SpendFact | null }) {
  return (
    <dl className={css.facts}>
      {[...facts, ...(balanceAfter ? [balanceAfter] : [])].map((fact) => (
        <Fragment key={fact.testId}>
          <dt>{fact.label}</dt>
          <dd className={fact.strong ? css.strong : undefined} data-testid={fact.testId}>
            {fact.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
