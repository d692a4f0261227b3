/**
 * KYC for payouts in e2e specs (issue 30 item 3, ADR 109): the identity check and the age verification written into an
 * e2e server's database as their own flows leave them (those flows have their own specs), and the creator agreement
 * signed through the API — so a spec about payouts starts with a complete KYC.
 */
import Database from "better-sqlite3";
import type { APIRequestContext } from "@playwright/test";
import { e2eDatabasePath } from "./e2e-database";
import { expect, SIGN_UP_PASSWORD } from "./fixtures";

export function withE2eDb<T>(work: (db: Database.Database) => T, port?: number): T {
  const db = new Database(e2eDatabasePath(port), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/** The identity check verified by the team and the age verification done. `port`: the server's (the clock server's). */
export function verifyIdentityAndAge(username: string, port?: number): void {
  withE2eDb((db) => {
    const now = Date.now();
    const { id } = db.prepare("SELECT id FROM users WHERE username = ?").get(username) as { id: number };
    db.prepare(
      "INSERT INTO verification_checks (user_id, kind, status, created_at, submitted_at, due_at, decided_at) VALUES (?, 'id', 2, ?, ?, ?, ?)",
    ).run(id, now, now, now, now);
    db.prepare(
      `INSERT INTO age_verifications (user_id, status, provider, verified_at, updated_at) VALUES (?, 2, 'fake', ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET status = 2, verified_at = excluded.verified_at`,
    ).run(id, now, now);
  }, port);
}

/** Signs the current creator agreement through the API with `fullName`; the embedded AML provider screens it at once. */
export async function signAgreementByApi(request: APIRequestContext, clientIp: string, username: string, fullName: string): Promise<void> {
  const headers = { "x-forwarded-for": clientIp };
  const login = await request.post("/oauth/v2/token", { headers, form: { grant_type: "password", username, password: SIGN_UP_PASSWORD } });
  const auth = { ...headers, authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const agreement = (await (await request.get("/api/v2/kyc/agreement?language=de", { headers: auth })).json()).data as {
    version: string;
    text_sha256: string;
  };
  const signed = await request.post("/api/v2/kyc/agreement", {
    headers: auth,
    data: { version: agreement.version, language: "de", text_sha256: agreement.text_sha256, full_name: fullName, confirm: true },
  });
  expect(signed.status(), await signed.text()).toBe(200);
}
