// 200 checkouts paid at once through the fake provider (issue 26 "Measured when done", ADR 075): N members each have a
// confirmed plus order (the membership good's own quote); the fake provider starts each payment, and its signed success
// postback for every order is sent twice, all 2N in random order and at once, to POST /api/v2/payment/postback/fake
// through the real API (plus fulfils, invoices numbers, the ledger books). Then: exactly N memberships and N invoices,
// invoice numbers gapless, 0 orders with two successes, the euro ledger balanced.
//
//   node scripts/bench-checkout.mjs [--db sqlite|postgres] [--orders 200] [--pool 20] [--seed 1]
//
// SQLite: a fresh file under the system's temp folder. PostgreSQL: a fresh schema in DATABASE_URL_TEST (default the
// machine's `test` database), dropped at the end. The last line is
//   checkouts N, postbacks 2N, applied N, memberships N, invoices N, gapless yes, double charges 0, imbalance 0, T s, p95 X ms
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";
import { benchDatabase, benchDeps } from "./bench-money-setup.mjs";

register();
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    orders: { type: "string", default: "200" },
    pool: { type: "string", default: "20" },
    seed: { type: "string", default: "1" },
  },
});
const count = Number(values.orders);

const { openDatabase, migrateToLatest } = await import("../server/db/index.ts");
const { loadConfig } = await import("../server/config.ts");
const { createApiApp } = await import("../server/api/app.ts");
const { allMigrationsFor } = await import("../server/modules/index.ts");
const { reconcileLedger } = await import("../server/modules/ledger/index.ts");
const { paymentDestinations } = await import("../server/modules/payments/index.ts");
const { providerFor } = await import("../server/integrations/payments/registry.ts");
const { signFakePostback } = await import("../server/integrations/payments/fake.ts");

let state = Number(values.seed) >>> 0 || 1;
const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;

const { databaseUrl, cleanup } = await benchDatabase(values.db, "checkout");
const database = openDatabase(databaseUrl, { poolSize: Number(values.pool) });
await migrateToLatest(database, allMigrationsFor);
const config = { ...loadConfig({ NODE_ENV: "test", APP_SECRET: "bench-secret", PUBLIC_URL: "http://bench.local" }), databaseUrl };
const deps = await benchDeps(database, config);
const { bus } = deps;
const api = createApiApp(deps);
const membership = deps.features.goods.get("membership");
const provider = providerFor(deps, "CC");
const { notifyUrl } = paymentDestinations(config, provider.name);

// The buyers and their confirmed orders, priced by the membership good (the checkout's confirm step writes the same).
const now = Date.now();
const run = randomBytes(3).toString("hex");
const users = [];
for (let start = 0; start < count; start += 500) {
  const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
    const username = `bench_${run}_${start + i}`;
    return {
      username,
      username_key: username,
      email: `${username}@bench.test`,
      email_key: `${username}@bench.test`,
      password_hash: "x",
      user_type: 1,
      gender: 1,
      salutation: "mr",
      birth_date: "1990-01-15",
      language: "de",
      member_until: null,
      email_verified_at: now,
      register_completed_step: 10,
      status: "active",
      created_at: now,
      updated_at: now,
      last_login_at: null,
    };
  });
  users.push(...(await database.db.insertInto("users").values(rows).returning("id").execute()).map((r) => r.id));
}
const [offer] = await membership.catalogue(deps, users[0]);
const postbacks = [];
for (const userId of users) {
  const quote = await membership.quote(deps, userId, offer.sku);
  const vat = Math.round((quote.gross_cents * 1900) / 11900);
  const ref = randomBytes(12).toString("base64url");
  const order = await database.db
    .insertInto("orders")
    .values({
      public_id: ref,
      user_id: userId,
      kind: "normal",
      status: "paying",
      paying_code: 2,
      step: "vat",
      goods: "membership",
      sku: quote.sku,
      item_type: quote.item_type,
      months: quote.months,
      renewable: quote.renewable ? 1 : 0,
      method: "CC",
      currency: "EUR",
      list_gross_cents: quote.gross_cents,
      discount_cents: 0,
      net_cents: quote.gross_cents - vat,
      vat_cents: vat,
      gross_cents: quote.gross_cents,
      vat_rate_bp: 1900,
      vat_country: "DE",
      reverse_charge: 0,
      promo_code_id: null,
      customer: JSON.stringify({
        name: "Bench Buyer",
        company: null,
        street: "Teststr. 1",
        postal_code: "10115",
        city: "Berlin",
        country: "DE",
        email: "b@bench.test",
        vat_id: null,
      }),
      evidence: JSON.stringify({ billing_country: "DE", ip_country: "DE", payment_country: null }),
      language: "de",
      digital_consent_at: null,
      membership_id: null,
      provider: provider.name,
      provider_reference: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const start = await provider.start({
    orderRef: ref,
    amountCents: quote.gross_cents,
    currency: "EUR",
    method: "CC",
    description: `VELORA ${ref}`,
    language: "de",
    returnUrl: `http://bench.local/de/buy/status?order=${ref}`,
    notifyUrl,
    customer: { name: "Bench Buyer", email: "b@bench.test", country: "DE" },
  });
  await database.db.updateTable("orders").set({ provider_reference: start.providerReference }).where("id", "=", order.id).execute();
  // What the fake provider's success button sends (fake.ts), twice.
  const body = JSON.stringify({
    txn_id: start.providerReference,
    order_ref: ref,
    outcome: "success",
    amount_cents: quote.gross_cents,
    currency: "EUR",
    method: "CC",
    payment_country: "DE",
    rebill_token: `fktok_${start.providerReference}`,
  });
  postbacks.push(body, body);
}
// Random order (Fisher-Yates with the seeded generator).
for (let i = postbacks.length - 1; i > 0; i -= 1) {
  const j = Math.floor(random() * (i + 1));
  [postbacks[i], postbacks[j]] = [postbacks[j], postbacks[i]];
}

console.info(`${values.db}: ${count} checkouts (${offer.sku}, ${offer.gross_cents} cents), ${postbacks.length} postbacks at once`);
const latencies = [];
let applied = 0;
let failedRequests = 0;
const started = performance.now();
await Promise.all(
  postbacks.map(async (body) => {
    const t0 = performance.now();
    const response = await api.fetch(
      new Request("http://bench.local/api/v2/payment/postback/fake", {
        method: "POST",
        headers: signFakePostback(config, body, Date.now()),
        body,
      }),
      { remoteAddress: "127.0.0.1" },
    );
    latencies.push(performance.now() - t0);
    if (response.status !== 200) {
      failedRequests += 1;
      console.error(response.status, await response.text());
      return;
    }
    if ((await response.json()).data.applied) applied += 1;
  }),
);
const seconds = (performance.now() - started) / 1000;

const n = async (query) => Number((await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
const memberships = await n(database.db.selectFrom("memberships").where("user_id", "in", users));
const invoices = await database.db
  .selectFrom("invoices")
  .select(["year", "sequence"])
  .where("document", "=", "invoice")
  .orderBy("sequence")
  .execute();
const gapless = invoices.every((row, i) => Number(row.sequence) === i + 1);
const doubles = await database.db
  .selectFrom("payment_transactions")
  .select("order_id")
  .where("outcome", "=", "success")
  .groupBy("order_id")
  .having((eb) => eb.fn.countAll(), ">", 1)
  .execute();
const paid = await n(database.db.selectFrom("orders").where("status", "=", "paid"));
const members = await n(database.db.selectFrom("users").where("id", "in", users).where("is_member", "=", 1));
const report = await reconcileLedger(deps, "euro");
latencies.sort((a, b) => a - b);
const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;

deps.presence.close();
await bus.close();
await database.close();
await cleanup();
console.info(`orders paid ${paid}, users is_member ${members}, failed requests ${failedRequests}, euro transfers ${report.transfers}`);
console.info(
  `checkouts ${count}, postbacks ${postbacks.length}, applied ${applied}, memberships ${memberships}, invoices ${invoices.length}, gapless ${gapless ? "yes" : "no"}, double charges ${doubles.length}, imbalance ${report.imbalance}, ${seconds.toFixed(2)} s, p95 ${p95.toFixed(0)} ms`,
);
const ok =
  applied === count && memberships === count && invoices.length === count && gapless && doubles.length === 0 && report.imbalance === 0;
process.exitCode = ok ? 0 : 1;
