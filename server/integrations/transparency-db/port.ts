/**
 * The DSA Transparency Database (Art. 24(5), issue 30 item 4, ADR 110): every statement of reasons is submitted,
 * without personal data, to the Commission's database. The port is one call — submit one statement — so the job
 * (server/modules/statements/submission.ts) does not know HTTP, and tests can answer with the fake (./fake.ts).
 */

/** The database's vocabulary for one statement (its API's field names and enumerations; ADR 110 lists our assumptions). */
export interface TdbStatement {
  /** Our statement's id: unique per platform and never reused, so a retry cannot create a second entry. */
  puid: string;
  decision_visibility?: string[];
  decision_visibility_other?: string;
  end_date_visibility_restriction?: string;
  decision_account?: string;
  end_date_account_restriction?: string;
  decision_monetary?: string;
  end_date_monetary_restriction?: string;
  decision_provision?: string;
  end_date_service_restriction?: string;
  account_type?: string;
  decision_ground: "DECISION_GROUND_ILLEGAL_CONTENT" | "DECISION_GROUND_INCOMPATIBLE_CONTENT";
  illegal_content_legal_ground?: string;
  illegal_content_explanation?: string;
  incompatible_content_ground?: string;
  incompatible_content_explanation?: string;
  category: string;
  content_type: string[];
  content_date: string;
  application_date: string;
  decision_facts: string;
  source_type: "SOURCE_ARTICLE_16" | "SOURCE_TRUSTED_FLAGGER" | "SOURCE_VOLUNTARY";
  automated_detection: "Yes" | "No";
  automated_decision: "AUTOMATED_DECISION_FULLY" | "AUTOMATED_DECISION_PARTIALLY" | "AUTOMATED_DECISION_NOT_AUTOMATED";
  territorial_scope: string[];
}

/**
 * What a submission came to: accepted (a new entry) or already there (the puid was submitted before — an earlier try
 * whose answer was lost) — both with the database's uuid — or refused for good (the body was invalid: retrying the
 * same body cannot help). A network error, a timeout or a 5xx throws: the job retries.
 */
export type TdbOutcome = { kind: "accepted"; uuid: string } | { kind: "duplicate"; uuid: string } | { kind: "refused"; detail: string };

export interface TransparencyDbClient {
  submit(statement: TdbStatement): Promise<TdbOutcome>;
}

/** TDB_URL (the statement endpoint, e.g. https://transparency.dsa.ec.europa.eu/api/v1/statement) and TDB_TOKEN. */
export interface TransparencyDbConfig {
  /** Null: submissions are off; statements stay `pending` until it is configured. */
  url: string | null;
  token: string | null;
  /** How long one request may take before it counts as failed (and is retried). */
  timeoutMs: number;
}

export function transparencyDbConfigFrom(env: Record<string, string | undefined>): TransparencyDbConfig {
  const url = env.TDB_URL || null;
  const token = env.TDB_TOKEN || null;
  if (url && !/^https?:\/\//.test(url)) throw new Error("TDB_URL must be an http(s) URL");
  if (url && !token) throw new Error("TDB_URL needs TDB_TOKEN (the API token of our platform's account)");
  const timeoutRaw = env.TDB_TIMEOUT_MS;
  const timeoutMs = timeoutRaw ? Number(timeoutRaw) : 10_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new Error("TDB_TIMEOUT_MS must be a positive integer");
  return { url, token, timeoutMs };
}
