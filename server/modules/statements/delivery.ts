/**
 * Telling the member (DSA Art. 17(1), ADR 110): the `statement.notify` job, queued by recordStatement in the
 * decision's transaction, puts the notification in the member's bell (their notification choices apply) and mails
 * the statement in the language it was written in. The mail goes whatever the member's mail choices: a statement of
 * reasons is a legal notice, not news. Deleted accounts and bounced addresses get none.
 */
import type { ApiDeps } from "../../api/types";
import { appealUntil, statementReference } from "../../contract/statements";
import { composeMail, fill } from "../../integrations/mail/compose";
import { notify, publishNotificationHints } from "../notifications/index";
import { statementTexts } from "./texts";

export const statementPath = (id: number) => `user/statements/${id}`;

export async function deliverStatement(deps: ApiDeps, statementId: number): Promise<void> {
  const found = await deps.db.transaction().execute(async (trx) => {
    const statement = await trx
      .selectFrom("statements")
      .select(["id", "user_id", "restriction", "language", "created_at"])
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
      params: { reference },
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
  const date = new Intl.DateTimeFormat(row.language, { dateStyle: "long", timeZone: "Europe/Berlin" }).format(
    appealUntil(Number(row.created_at)),
  );
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
        { link: `${deps.config.publicUrl}/${row.language}/${statementPath(row.id)}` },
        fill(texts.appeal, values),
        texts.read,
        fill(texts.reference, values),
      ],
    }),
  );
}
