/**
 * The payouts queue in the back office (issue 27 item 7, ADR 086): waiting payouts approved into a pain.001 file by
 * checkbox, the files to download and mark sent, and the succeeded payouts a bank returned. Backend accounts only.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PayoutQueueData } from "~/api/payouts.server";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { useMoneyFormat } from "./format";
import * as css from "./money.css";
import { MoneyNav } from "./MoneyNav";

type Queued = PayoutQueueData["waiting"][number];

function PayoutRow({ p, select }: { p: Queued; select?: boolean }) {
  const f = useMoneyFormat();
  return (
    <tr data-payout={p.id}>
      {select ? (
        <td className={css.cell}>
          <label className={ui.checkboxRow}>
            <input type="checkbox" name="payout_ids" value={p.id} form="approve-form" className={ui.choiceControl} />
            <span>#{p.id}</span>
          </label>
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
  const head = (
    <thead>
      <tr>
        <th className={css.cell}>{t("payout_pages.office.id")}</th>
        <th className={css.cell}>{t("payout_pages.office.member")}</th>
        <th className={css.cell}>{t("payout_pages.office.account")}</th>
        <th className={css.num}>{t("payout_pages.office.amount")}</th>
        <th className={css.cell}>{t("payout_pages.office.requested")}</th>
      </tr>
    </thead>
  );
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{ta("accounting.nav.payouts")}</h1>
        <MoneyNav current="payouts" />
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
              <div className={css.tableWrap}>
                <table className={css.table} data-testid="payouts-waiting">
                  {head}
                  <tbody>
                    {queue.waiting.map((p) => (
                      <PayoutRow key={p.id} p={p} select />
                    ))}
                  </tbody>
                </table>
              </div>
              <Form method="post" id="approve-form" className={ui.row}>
                <input type="hidden" name="intent" value="approve" />
                <button type="submit" className={ui.button} data-testid="payouts-approve">
                  {t("payout_pages.office.approve")}
                </button>
                <span className={ui.muted}>{t("payout_pages.office.approve_hint")}</span>
              </Form>
              <details>
                <summary className={ui.checkboxRow}>{t("payout_pages.office.reject_title")}</summary>
                <Form method="post" className={`${ui.card} ${ui.stack}`}>
                  <input type="hidden" name="intent" value="rejected" />
                  <label className={ui.field}>
                    <span className={ui.label}>{t("payout_pages.office.payout")}</span>
                    <select name="payout" className={css.select}>
                      {queue.waiting.map((p) => (
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
                    {t("payout_pages.office.reject")}
                  </button>
                </Form>
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
            <div className={css.tableWrap}>
              <table className={css.table}>
                {head}
                <tbody>
                  {queue.approved.map((p) => (
                    <PayoutRow key={p.id} p={p} />
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ) : null}

        {queue.succeeded.length > 0 ? (
          <section className={ui.stack} aria-labelledby="payouts-returned">
            <h2 id="payouts-returned" className={ui.sectionTitle}>
              {t("payout_pages.office.returned_title")}
            </h2>
            <Form method="post" className={`${ui.card} ${ui.stack}`}>
              <input type="hidden" name="intent" value="returned" />
              <label className={ui.field}>
                <span className={ui.label}>{t("payout_pages.office.payout")}</span>
                <select name="payout" className={css.select}>
                  {queue.succeeded.map((p) => (
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
                {t("payout_pages.office.returned")}
              </button>
            </Form>
          </section>
        ) : null}
      </div>
    </main>
  );
}
