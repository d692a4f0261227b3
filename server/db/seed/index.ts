/**
 * Deterministic demo data. The same seed always produces the same people,
 * places and texts, so screenshots, tests and bug reports line up.
 */
import type { AppConfig } from "../../config";
import type { Clock } from "../../lib/clock";
import { hashPassword } from "../../lib/crypto";
import type { DB } from "../index";

export const DEMO_PASSWORD = "demo-pass-2026";

export interface SeedOptions {
  db: DB;
  clock: Clock;
  config: AppConfig;
  /** Generated profiles beyond the fixed demo accounts (benchmarks use 100k). */
  profiles?: number;
}

export async function isDatabaseEmpty(db: DB): Promise<boolean> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export interface DemoAccount {
  username: string;
  email: string;
  userType: number;
  gender: number;
  city: string;
}

/** The accounts the README lists; all share DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: "demo_client", email: "client@demo.velora.local", userType: 1, gender: 1, city: "Berlin" },
  { username: "demo_escort", email: "escort@demo.velora.local", userType: 2, gender: 2, city: "Berlin" },
  { username: "demo_agency", email: "agency@demo.velora.local", userType: 3, gender: 2, city: "Hamburg" },
];

export async function seedDemoData({ db, clock }: SeedOptions): Promise<{ users: number }> {
  const now = clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    const inserted = await db
      .insertInto("users")
      .values({
        username: account.username,
        username_key: account.username.toLowerCase(),
        email: account.email,
        email_key: account.email.toLowerCase(),
        password_hash: passwordHash,
        user_type: account.userType,
        gender: account.gender,
        salutation: account.gender === 1 ? "mr" : "ms",
        birth_date: "1995-05-17",
        language: "de",
        member_until: null,
        email_verified_at: now,
        email_was_verified: 1,
        register_completed_step: 10,
        created_at: now,
        updated_at: now,
        last_login_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("profiles")
      .values({ user_id: inserted.id, display_name: account.username, city_name: account.city, city_slug: account.city.toLowerCase(), country_code: "DE", lat: null, lon: null, status_text: null, description: null, updated_at: now })
      .execute();
  }
  return { users: DEMO_ACCOUNTS.length };
}

/** Empties every table the seed fills, children first. */
export async function resetDemoData(db: DB): Promise<void> {
  for (const table of ["media", "profiles", "access_tokens", "password_resets", "mail_outbox", "rate_counters", "captcha_challenges", "users"] as const) {
    await db.deleteFrom(table).execute();
  }
}
