/**
 * Telling the member (DSA Art. 17(1), ADR 110): the `statement.notify` job, queued by recordStatement in the
 * decision's transaction, puts the notification in the member's bell (their notification choices apply) and mails
 * the statement in the language it was written in. The mail goes whatever the member's mail choices: a statement of
 * reasons is a legal notice, not news. Deleted accounts and bounced addresses get none.
 */
import type { ApiDeps } from "../../api/types";
import { appealLinkPath, statementAppealPath } from "../../contract/appeals";
import { appealUntil, statementReference, type StatementLiftCause } from "../../contract/statements";
import { composeMail, fill } from "../../integrations/mail/compose";
import { notify, publishNotificationHints } from "../notifications/index";
import type { StatementNotice } from "./service";
import { appealLinkToken, SIGNED_OUT_RESTRICTIONS } from "./appeal-link";
import { statementDay, statementTexts } from "./texts";

export const statementPath = (id: number) => `user/statements/${id}`;

export async function deliverStatement(deps: ApiDeps, statementId: number, notice?: StatementNotice): Promise<void> {
  const found = await deps.db.transaction().execute(async (trx) => {
    const statement = await trx
      .selectFrom("statements")
      .select(["id", "user_id", "restriction", "language", "created_at", "facts", "source"])
      .where("id", "=", statementId)
      .executeTakeFirst();
    if (!statement) return null;
    const member = await trx
      .selectFrom("users")
      .select(["email", "username", "status", "is_bounced_email"])
      .where("id", "=", statement.user_id)
      .executeTakeFirstOrThrow();
    const row = { ...statement, ...member };
    if (!row) return null;
    const reference = statementReference(row.id);
    // The dedupe key makes a second run (a worker died after the commit) add no second notification.
    const hints = await notify(deps, trx, {
      userId: row.user_id,
      event: "statement_issued",
      subject: { type: "statement", id: row.id },
      // A queue's refusal: the line names what was refused and why (the queue sends no message of its own).
      params: {
        reference,
        ...(notice
          ? { item: notice.item, ...(notice.title ? { title: notice.title } : {}), ...(notice.reason ? { reason: notice.reason } : {}) }
          : {}),
      },
      url: statementPath(row.id),
      dedupeKey: `statement:${row.id}`,
    });
    return { row, reference, hints };
  });
  if (!found) return;
  await publishNotificationHints(deps, found.hints);
  const { row, reference } = found;
  if (row.status === "deleted" || row.is_bounced_email === 1) return;
  const texts = statementTexts(row.language);
  const restriction = texts.restrictions[row.restriction];
  const date = statementDay(row.language, appealUntil(Number(row.created_at)));
  const values = { reference, restriction, username: row.username, date };
  await deps.mailer.send(
    composeMail({
      to: row.email,
      template: "statement_issued",
      language: row.language,
      subject: fill(texts.subject, values),
      blocks: [
        fill(texts.greeting, values),
        fill(texts.body, values),
        ...(row.source === "notice" ? [texts.afterNotice] : []),
        // The facts as the statement states them: what was decided and, for a queue's refusal, why.
        row.facts,
        { link: `${deps.config.publicUrl}/${row.language}/${statementPath(row.id)}` },
        ...(notice ? [texts.resubmit, { link: `${deps.config.publicUrl}/${row.language}/${notice.url}` }] : []),
        fill(texts.appeal, values),
        // A banned or suspended member cannot sign in: a signed link opens the complaint page without a session (ADR 123).
        ...(SIGNED_OUT_RESTRICTIONS.includes(row.restriction)
          ? [
              fill(texts.signedOutLink, values),
              { link: `${deps.config.publicUrl}/${row.language}/${appealLinkPath(appealLinkToken(deps.config.appSecret, row))}` },
            ]
          : [{ link: `${deps.config.publicUrl}/${row.language}/${statementAppealPath(row.id)}` }]),
        texts.otherWays,
        texts.read,
        fill(texts.reference, values),
      ],
    }),
  );
}

/**
 * The `statement.lifted` job (ADR 123): the member learns that a restriction no longer applies and why — the bell line
 * links the statement (which now says so) and a mail in the statement's language, like the statement's own.
 */
export async function deliverLifted(deps: ApiDeps, statementId: number): Promise<void> {
  const found = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("statements")
      .innerJoin("users", "users.id", "statements.user_id")
      .select([
        "statements.id",
        "statements.user_id",
        "statements.restriction",
        "statements.language",
        "statements.lift_cause",
        "users.email",
        "users.username",
        "users.status",
        "users.is_bounced_email",
      ])
      .where("statements.id", "=", statementId)
      .where("statements.lifted_at", "is not", null)
      .executeTakeFirst();
    if (!row) return null;
    const reference = statementReference(row.id);
    const hints = await notify(deps, trx, {
      userId: row.user_id,
      event: "statement_lifted",
      subject: { type: "statement", id: row.id },
      params: { reference },
      url: statementPath(row.id),
      dedupeKey: `statement_lifted:${row.id}`,
    });
    return { row, reference, hints };
  });
  if (!found) return;
  await publishNotificationHints(deps, found.hints);
  const { row, reference } = found;
  if (row.status === "deleted" || row.is_bounced_email === 1) return;
  const texts = statementTexts(row.language);
  const values = { reference, restriction: texts.restrictions[row.restriction], username: row.username };
  const cause = row.lift_cause as StatementLiftCause | null;
  await deps.mailer.send(
    composeMail({
      to: row.email,
      template: "statement_lifted",
      language: row.language,
      subject: fill(texts.lifted.subject, values),
      blocks: [
        fill(texts.greeting, values),
        fill(texts.lifted.body, values),
        { link: `${deps.config.publicUrl}/${row.language}/${statementPath(row.id)}` },
        ...(cause ? [texts.lifted.causes[cause]] : []),
        fill(texts.reference, values),
      ],
    }),
  );
}
