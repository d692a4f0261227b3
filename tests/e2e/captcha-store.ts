/**
 * The e2e suite's way to answer an image captcha: it cannot read the picture,
 * so it writes a known answer for the shown challenge into the server's
 * answer store (the e2e server's SQLite file, HMAC under its APP_SECRET), as
 * only someone holding the database and the secret could. Never the markup.
 */
import Database from "better-sqlite3";
import { captchaAnswerHash } from "../../server/modules/auth/captcha-answer";
import { e2eDatabasePath } from "./e2e-database";

/** scripts/e2e-server.mjs starts the server with this secret and database. */
const E2E_APP_SECRET = "e2e-secret";
const E2E_DATABASE = e2eDatabasePath();

export function setCaptchaAnswer(id: string, answer: string): void {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const changed = db
      .prepare("UPDATE captcha_challenges SET answer_hash = ? WHERE id = ? AND used_at IS NULL")
      .run(captchaAnswerHash(E2E_APP_SECRET, id, answer), id).changes;
    if (changed !== 1) throw new Error(`no open captcha challenge ${id}`);
  } finally {
    db.close();
  }
}
