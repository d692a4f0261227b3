import type { Kysely } from "kysely";
import { sql } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 27 item 7 (ADR 087), the ledger office's own migration (ADR 067): the reconciliation's reports, one row per
 * run and currency, kept (they are the books' daily proof; a few hundred bytes a day).
 *
 * On PostgreSQL also the ledger's one-round-trip posting (issue 27 "Measured when done", ADR 087):
 * `ledger_post_operation` does in the server what server/modules/ledger/ledger.ts applyOperation does in steps — claim
 * the key, move each member balance by a conditional update in ascending account order, insert the transfers — and
 * records `insufficient` when an update finds too little (the block's changes undone), or answers the earlier attempt
 * when the key is taken. The kernel calls it for every operation without a partial transfer; SQLite keeps its path.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("ledger_reconciliations")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("currency", "text", (col) => col.notNull())
      .addColumn("trigger", "text", (col) => col.notNull())
      .addColumn("actor_id", "integer")
      .addColumn("ok", "integer", (col) => col.notNull())
      .addColumn("accounts", "integer", (col) => col.notNull())
      .addColumn("transfers", "bigint", (col) => col.notNull())
      .addColumn("imbalance", "bigint", (col) => col.notNull())
      .addColumn("negative", "integer", (col) => col.notNull())
      .addColumn("mismatched", "integer", (col) => col.notNull())
      .addColumn("liabilities", "bigint")
      .addColumn("identity_json", "text")
      .addColumn("identity_difference", "bigint")
      .addColumn("platform_json", "text", (col) => col.notNull())
      .addColumn("ran_at", "bigint", (col) => col.notNull())
      .execute();
    if (dialect === "postgres") await createPostFunction(db);
    await db.schema.createIndex("ledger_reconciliations_ran").on("ledger_reconciliations").columns(["ran_at", "id"]).execute();
  };
}

/** The posting function (see the file's comment); its answer is the kernel's LedgerOperationResult plus the fingerprint. */
async function createPostFunction(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_post_operation(
      p_key text, p_fingerprint text, p_kind text, p_actor integer, p_reference text, p_now bigint,
      p_accounts integer[], p_deltas bigint[], p_from integer[], p_to integer[], p_amounts bigint[]
    ) RETURNS TABLE (operation_id integer, status text, fingerprint text, moved bigint, replayed boolean)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_id integer;
      v_changed integer;
    BEGIN
      BEGIN
        INSERT INTO ledger_operations (idempotency_key, fingerprint, kind, status, actor_user_id, reference, created_at)
        VALUES (p_key, p_fingerprint, p_kind, 'succeeded', p_actor, p_reference, p_now)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id INTO v_id;
        IF v_id IS NOT NULL THEN
          FOR i IN 1 .. coalesce(array_length(p_accounts, 1), 0) LOOP
            UPDATE ledger_accounts SET balance = balance + p_deltas[i] WHERE id = p_accounts[i] AND balance + p_deltas[i] >= 0;
            GET DIAGNOSTICS v_changed = ROW_COUNT;
            IF v_changed <> 1 THEN
              RAISE EXCEPTION 'ledger_insufficient' USING ERRCODE = 'LDG01';
            END IF;
          END LOOP;
          INSERT INTO ledger_transfers (operation_id, from_account_id, to_account_id, amount, created_at)
          SELECT v_id, x.f, x.t, x.a, p_now FROM unnest(p_from, p_to, p_amounts) AS x(f, t, a);
          RETURN QUERY SELECT v_id, 'succeeded'::text, p_fingerprint, (SELECT sum(a) FROM unnest(p_amounts) AS a)::bigint, false;
          RETURN;
        END IF;
      EXCEPTION WHEN SQLSTATE 'LDG01' THEN
        -- The block's changes are undone: nothing moved. The key answers "insufficient" from now on.
        INSERT INTO ledger_operations (idempotency_key, fingerprint, kind, status, actor_user_id, reference, created_at)
        VALUES (p_key, p_fingerprint, p_kind, 'insufficient', p_actor, p_reference, p_now)
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id INTO v_id;
        IF v_id IS NOT NULL THEN
          RETURN QUERY SELECT v_id, 'insufficient'::text, p_fingerprint, 0::bigint, false;
          RETURN;
        END IF;
      END;
      -- Another attempt with this key committed first (the insert waited for it): its answer is this one's.
      RETURN QUERY
        SELECT o.id, o.status, o.fingerprint,
               coalesce((SELECT sum(t.amount) FROM ledger_transfers t WHERE t.operation_id = o.id), 0)::bigint, true
          FROM ledger_operations o WHERE o.idempotency_key = p_key;
    END $$`.execute(db);
}
