/** What the API mailed, read from the outbox the tests' mailer writes to. */
import type { TestRuntime } from "./runtime";

/** The text of the newest mail of `template` to `recipient` (the test fails when there is none). */
export async function newestMailText(rt: TestRuntime, recipient: string, template: string): Promise<string> {
  const mail = await rt.deps.db
    .selectFrom("mail_outbox")
    .select("text_body")
    .where("recipient", "=", recipient)
    .where("template", "=", template)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return mail.text_body;
}

/** The token of the link in the newest account-deletion mail to `email` (what opening the link sends). */
export async function deletionLinkToken(rt: TestRuntime, email: string): Promise<string> {
  const link = /https?:\/\/\S+pause_delete\?delete=[A-Za-z0-9_%-]+/.exec(await newestMailText(rt, email, "account_deletion_confirm"))![0];
  return new URL(link).searchParams.get("delete")!;
}
