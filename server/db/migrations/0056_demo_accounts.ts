import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Dialect } from "../dialect";

/**
 * Issue 23 item 1 (ADR 056): the demo seed marks every account it writes (`users.demo_account = 1`), so a production
 * start can refuse a database that holds any of them (their password is printed in the README). Sign-up, claims and
 * Google sign-in never set it. Accounts seeded before this migration are found by the seed's e-mail domain, which it
 * gave every account it ever wrote (members, generated profiles and the two staff logins). A partial index keeps the
 * start-up check one index probe however many members there are. Both dialects add the column in place.
 */
export function up(_dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable("users")
      .addColumn("demo_account", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    // The seed's domain as it was written then (server/db/seed/people.ts DEMO_EMAIL_DOMAIN); a released migration keeps it.
    await sql`UPDATE users SET demo_account = 1 WHERE email_key LIKE ${"%@demo.velora.local"}`.execute(db);
    await db.schema.createIndex("users_demo_account").on("users").column("id").where(sql.ref("demo_account"), "=", 1).execute();
  };
}
