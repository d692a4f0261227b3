/**
 * The bank in the back office (ADR 080): the statement import (a camt.053/054 file, a plain multipart form) and the
 * lines no order matched, each with a form to assign it to an order by its reference.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BANK_FILE_KINDS } from "#server/contract/accounting";
import type { BankFileListData, BankLineListData, BankListedLineListData } from "~/api/accounting.server";
import { FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { inputText, type FormReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { useMoneyFormat } from "./format";
import { MoneyNav } from "./MoneyNav";

const IMPORT_COUNTS = ["matched", "partial", "unmatched", "returned", "payouts_returned", "duplicates"] as const;

export function BankPage({
  lines,
  imported,
  assigned,
  files,
  built,
  listed,
  failure,
}: {
  lines: BankLineListData | null;
  imported: number[] | null;
  assigned: boolean;
  files: BankFileListData["items"] | null;
  built: number | null;
  listed: BankListedLineListData["items"];
  failure: FormReply | null;
}) {
  const { t } = useTranslation("accounting");
  const { t: tCommon, i18n } = useTranslation();
  const to = useLocalePath();
  const f = useMoneyFormat();
  const failedLine = failure ? inputText(failure, "line") : "";
  const buildFailure = failure?.intent === "build" ? failure : null;
  const dueMessage = buildFailure ? (buildFailure.fieldErrors.due_date?.[0] ?? buildFailure.formErrors[0]) : undefined;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{t("accounting.bank.title")}</h1>
        <MoneyNav current="bank" />
        {imported && !failure ? (
          <div className={ui.notice} role="status" data-testid="import-done">
            <p>{t("accounting.bank.imported")}</p>
            <ul>
              {IMPORT_COUNTS.map((name, index) => (
                <li key={name}>{t(`accounting.bank.counts.${name}`, { count: imported[index] })}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {assigned && !failure ? (
          <p className={ui.notice} role="status">
            {t("accounting.bank.assigned")}
          </p>
        ) : null}
        <p>
          <Link className={ui.button} to={to("backoffice/bank/import")}>
            {t("accounting.bank.import_title")}
          </Link>
        </p>
        <section className={ui.stack} aria-labelledby="unmatched-title">
          <h2 id="unmatched-title" className={ui.sectionTitle}>
            {t("accounting.bank.unmatched")}
          </h2>
          {lines === null ? (
            <p className={ui.alert}>{t("accounting.bank.unavailable")}</p>
          ) : lines.items.length === 0 ? (
            <p className={ui.card}>{t("accounting.bank.none")}</p>
          ) : (
            <ul className={ui.plainList} data-testid="unmatched">
              {lines.items.map((line) => {
                const mine = failure?.intent === "assign" && failedLine === String(line.id) ? failure : null;
                const message = mine?.fieldErrors.order_ref?.[0];
                const id = `order-ref-${line.id}`;
                return (
                  <li key={line.id} className={`${ui.card} ${ui.stack}`}>
                    <p>
                      <strong>{f.euros(line.amountCents)}</strong> · {f.moment(line.bookedAt)} · {line.debtorName ?? "–"}
                    </p>
                    <p className={ui.muted}>
                      {line.remittance ?? "–"} · {line.bankReference}
                    </p>
                    <Form method="post" className={ui.stack}>
                      <input type="hidden" name="intent" value="assign" />
                      <input type="hidden" name="line" value={line.id} />
                      {mine ? <FormErrors errors={mine.formErrors} /> : null}
                      <div className={ui.field}>
                        <label className={ui.label} htmlFor={id}>
                          {t("accounting.bank.order_ref")}
                        </label>
                        <input
                          id={id}
                          name="order_ref"
                          className={ui.input}
                          defaultValue={mine ? inputText(mine, "order_ref") : ""}
                          aria-invalid={message ? true : undefined}
                          aria-describedby={message ? `${id}-error` : undefined}
                        />
                        <ErrorLine
                          id={`${id}-error`}
                          name="order_ref"
                          message={message ? translateMessage(tCommon, message, undefined, i18n.language) : undefined}
                        />
                      </div>
                      <div className={ui.row}>
                        <button type="submit" className={ui.buttonSecondary}>
                          {t("accounting.bank.assign")}
                        </button>
                      </div>
                    </Form>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        {listed.length > 0 ? (
          <section className={ui.stack} aria-labelledby="listed-title">
            <h2 id="listed-title" className={ui.sectionTitle}>
              {t("accounting.bank.listed")}
            </h2>
            <ul className={ui.plainList} data-testid="listed-lines">
              {listed.map((line) => (
                <li key={line.id} className={ui.card}>
                  <strong>{f.euros(line.amountCents)}</strong> · {f.moment(line.bookedAt)} · {line.debtorName ?? "–"} ·{" "}
                  {t(`accounting.bank.listed_status.${line.status}`, { amount: f.euros(line.differenceCents) })}
                  {line.orderRef ? ` · ${line.orderRef}` : ""}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className={ui.stack} aria-labelledby="files-title">
          <h2 id="files-title" className={ui.sectionTitle}>
            {t("accounting.bank.files")}
          </h2>
          {built !== null && !failure ? (
            <p className={ui.notice} role="status" data-testid="file-built">
              {t("accounting.bank.built")}
            </p>
          ) : null}
          <Form method="post" className={`${ui.card} ${ui.stack}`}>
            <input type="hidden" name="intent" value="build" />
            <div className={ui.field}>
              <label className={ui.label} htmlFor="field-due_date">
                {t("accounting.bank.due_date")}
              </label>
              <span id="field-due_date-hint" className={ui.muted}>
                {t("accounting.bank.due_date_hint")}
              </span>
              <input
                id="field-due_date"
                name="due_date"
                type="date"
                className={ui.input}
                defaultValue={buildFailure ? inputText(buildFailure, "due_date") : ""}
                aria-invalid={dueMessage ? true : undefined}
                aria-describedby={dueMessage ? "field-due_date-error field-due_date-hint" : "field-due_date-hint"}
              />
              <ErrorLine
                name="due_date"
                message={dueMessage ? translateMessage(tCommon, dueMessage, undefined, i18n.language) : undefined}
              />
            </div>
            <div className={ui.row}>
              {BANK_FILE_KINDS.map((kind) => (
                <button key={kind} type="submit" name="kind" value={kind} className={ui.buttonSecondary}>
                  {t(`accounting.bank.build.${kind}`)}
                </button>
              ))}
            </div>
          </Form>
          {files === null ? (
            <p className={ui.alert}>{t("accounting.bank.unavailable")}</p>
          ) : files.length === 0 ? (
            <p className={ui.muted}>{t("accounting.bank.no_files")}</p>
          ) : (
            <ul className={ui.plainList} data-testid="bank-files">
              {files.map((file) => (
                <li key={file.id} className={ui.card}>
                  <a href={to(`backoffice/bank/files/${file.id}`)} download>
                    {file.kind} · {f.day(file.dueDate)}
                  </a>{" "}
                  · {t("accounting.bank.file_summary", { count: file.transactions, sum: f.euros(file.controlSumCents) })}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}

export function BankImportPage({ failure }: { failure: FormReply | null }) {
  const { t } = useTranslation("accounting");
  const { t: tCommon, i18n } = useTranslation();
  const message = failure?.fieldErrors.statement?.[0] ?? failure?.formErrors[0];
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("accounting.bank.import_title")}</h1>
        <MoneyNav current="bank" />
        <Form method="post" encType="multipart/form-data" className={`${ui.card} ${ui.stack}`} data-testid="import-form">
          <p className={ui.muted}>{t("accounting.bank.import_hint")}</p>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="field-statement">
              {t("accounting.bank.file")}
            </label>
            <input
              id="field-statement"
              name="statement"
              type="file"
              accept=".xml,application/xml,text/xml"
              className={ui.input}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? "field-statement-error" : undefined}
            />
            <ErrorLine name="statement" message={message ? translateMessage(tCommon, message, undefined, i18n.language) : undefined} />
          </div>
          <div className={ui.row}>
            <button type="submit" className={ui.button}>
              {t("accounting.bank.import_submit")}
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}
