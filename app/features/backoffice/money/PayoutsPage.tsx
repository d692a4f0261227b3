/**
 * The payouts queue in the back office (issue 27 item 7, ADR 086): waiting payouts approved into a pain.001 file by
 * checkbox, the files to download and mark sent, and the succeeded payouts a bank returned. Backend accounts only.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PayoutQueueData } from "~/api/payouts.server";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import { ItemClaimBar, itemAnchor, PageQueueChrome } from "~/features/queues/QueueChrome";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { useMoneyFormat } from "./format";
import * as css from "./money.css";
import { MoneyNav } from "./MoneyNav";

type Queued = PayoutQueueData["waiting"][number];

function PayoutRow({ p, select }: { p: Queued; select?: boolean }) {
  const f = useMoneyFormat();
  return (
    // A waiting payout is a queue item (ADR 119): claimable, and a keyboard target.
    <tr data-payout={p.id} {...(select ? itemAnchor("payouts", p.id) : {})}>
      {select ? (
        <td className={css.cell}>
          <label className={ui.checkboxRow}>
            <input type="checkbox" name="payout_ids" value={p.id} form="approve-form" className={ui.choiceControl} />
            <span>#{p.id}</span>
          </label>
          <ItemClaimBar scope="payouts" itemId={p.id} />
        </td>
      ) : (
        <td className={css.cell}>#{p.id}</td>
      )}
      <td className={css.cell}>{p.username}</td>
      <td className={css.cell}>
        {p.holder}
        <br />
        {p.ibanMasked}
      </td>
      <td className={css.num}>{f.euros(p.amountCents)}</td>
      <td className={css.cell}>{f.moment(p.createdAt)}</td>
    </tr>
  );
}

function PayoutTable({ payouts, select = false, testId }: { payouts: Queued[]; select?: boolean; testId?: string }) {
  const { t } = useTranslation("payouts");
  return (
    <div className={css.tableWrap}>
      <table className={css.table} data-testid={testId}>
        <thead>
          <tr>
            <th className={css.cell}>{t("payout_pages.office.id")}</th>
            <th className={css.cell}>{t("payout_pages.office.member")}</th>
            <th className={css.cell}>{t("payout_pages.office.account")}</th>
            <th className={css.num}>{t("payout_pages.office.amount")}</th>
            <th className={css.cell}>{t("payout_pages.office.requested")}</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((p) => (
            <PayoutRow key={p.id} p={p} select={select} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Ends one of `payouts` as failed with a reason: a waiting one staff refuse, or one the bank returned. */
function FailForm({ intent, payouts, label }: { intent: "rejected" | "returned"; payouts: Queued[]; label: string }) {
  const { t } = useTranslation("payouts");
  const f = useMoneyFormat();
  return (
    <Form method="post" className={`${ui.card} ${ui.stack}`}>
      <input type="hidden" name="intent" value={intent} />
      <label className={ui.field}>
        <span className={ui.label}>{t("payout_pages.office.payout")}</span>
        <select name="payout" className={css.select}>
          {payouts.map((p) => (
            <option key={p.id} value={p.id}>
              #{p.id} · {p.username} · {f.euros(p.amountCents)}
            </option>
          ))}
        </select>
      </label>
      <label className={ui.field}>
        <span className={ui.label}>{t("payout_pages.office.reason")}</span>
        <input name="reason" className={ui.input} maxLength={500} />
      </label>
      <button type="submit" className={ui.buttonSecondary}>
        {label}
      </button>
    </Form>
  );
}

export function PayoutsPage({
  queue,
  done,
  batch,
  failure,
}: {
  queue: PayoutQueueData;
  done: string | null;
  batch: number | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("payouts");
  const { t: ta } = useTranslation("accounting");
  const to = useLocalePath();
  const f = useMoneyFormat();
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{ta("accounting.nav.payouts")}</h1>
        <MoneyNav current="payouts" />
        <PageQueueChrome />
        {done && !failure ? (
          <p className={ui.notice} role="status" data-testid="payouts-done">
            {t(`payout_pages.office.done.${done}`)}
          </p>
        ) : null}
        {failure ? <FormErrors errors={allErrors(failure)} /> : null}

        <section className={ui.stack} aria-labelledby="payouts-waiting">
          <h2 id="payouts-waiting" className={ui.sectionTitle}>
            {t("payout_pages.office.waiting", { n: queue.waiting.length })}
          </h2>
          {queue.waiting.length === 0 ? (
            <p className={ui.muted}>{t("payout_pages.office.none_waiting")}</p>
          ) : (
            <>
              <PayoutTable payouts={queue.waiting} select testId="payouts-waiting" />
              <Form method="post" id="approve-form" className={ui.row}>
                <input type="hidden" name="intent" value="approve" />
                <button type="submit" className={ui.button} data-testid="payouts-approve">
                  {t("payout_pages.office.approve")}
                </button>
                <span className={ui.muted}>{t("payout_pages.office.approve_hint")}</span>
              </Form>
              <details>
                <summary className={ui.checkboxRow}>{t("payout_pages.office.reject_title")}</summary>
                <FailForm intent="rejected" payouts={queue.waiting} label={t("payout_pages.office.reject")} />
              </details>
            </>
          )}
        </section>

        <section className={ui.stack} aria-labelledby="payouts-batches">
          <h2 id="payouts-batches" className={ui.sectionTitle}>
            {t("payout_pages.office.batches")}
          </h2>
          {queue.batches.length === 0 ? (
            <p className={ui.muted}>{t("payout_pages.office.no_batches")}</p>
          ) : (
            <ul className={ui.plainList} data-testid="payout-batches">
              {queue.batches.map((b) => (
                <li key={b.id} className={`${ui.card} ${ui.row}`} data-batch={b.id} data-new={b.id === batch ? "1" : undefined}>
                  <a href={to(`backoffice/payouts/batches/${b.id}`)} download data-testid="payout-batch-file">
                    {b.messageId}.xml
                  </a>
                  <span>
                    {t("payout_pages.office.batch_summary", { n: b.transactions, sum: f.euros(b.controlSumCents), day: f.day(b.dueDate) })}
                  </span>
                  {b.sent ? (
                    <span className={ui.muted}>{t("payout_pages.office.batch_sent")}</span>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="sent" />
                      <input type="hidden" name="batch" value={b.id} />
                      <button type="submit" className={ui.buttonSecondary} data-testid="payout-batch-sent">
                        {t("payout_pages.office.mark_sent")}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        {queue.approved.length > 0 ? (
          <section className={ui.stack} aria-labelledby="payouts-approved">
            <h2 id="payouts-approved" className={ui.sectionTitle}>
              {t("payout_pages.office.approved", { n: queue.approved.length })}
            </h2>
            <PayoutTable payouts={queue.approved} />
          </section>
        ) : null}

        {queue.succeeded.length > 0 ? (
          <section className={ui.stack} aria-labelledby="payouts-returned">
            <h2 id="payouts-returned" className={ui.sectionTitle}>
              {t("payout_pages.office.returned_title")}
            </h2>
            <FailForm intent="returned" payouts={queue.succeeded} label={t("payout_pages.office.returned")} />
          </section>
        ) : null}
      </div>
    </main>
  );
}
