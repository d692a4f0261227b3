// An invoice PDF's render time (issue 26's bar: under 50 ms): N renders of a Polish member's invoice (DejaVu
// embedded and subset, the member's language) after a warm-up, one after the other in this process. Prints the
// wall-clock median and p95 and the CPU time per render (user+system, less sensitive to other load on the machine).
//   node --import tsx scripts/bench-invoice-pdf.mjs [--renders 500] [--warmup 20]
import { parseArgs } from "node:util";
import { renderInvoicePdf } from "../server/modules/invoices/pdf.ts";
import { DEMO_SELLER } from "../server/modules/invoices/seller.ts";

const { values } = parseArgs({ options: { renders: { type: "string", default: "500" }, warmup: { type: "string", default: "20" } } });
const renders = Number(values.renders);
const at = Date.UTC(2026, 11, 6, 10);
const invoice = {
  id: 1,
  number: "2026-000042",
  year: 2026,
  sequence: 42,
  document: "invoice",
  corrects_invoice_id: null,
  order_id: 1,
  user_id: 1,
  item_type: 1,
  invoice_type: 1,
  status: "running",
  description: "Członkostwo Plus, 3 miesiące, odnawia się automatycznie",
  currency: "EUR",
  net_cents: 2520,
  vat_cents: 479,
  gross_cents: 2999,
  vat_rate_bp: 1900,
  vat_country: "DE",
  reverse_charge: 0,
  buyer: JSON.stringify({
    name: "Łukasz Żółkiewski",
    company: null,
    street: "ul. Świętokrzyska 12",
    postal_code: "00-916",
    city: "Warszawa",
    country: "PL",
    email: "l@example.test",
    vat_id: null,
  }),
  service_start: at,
  service_end: at + 90 * 86_400_000,
  payment_method: "CC",
  payment_reference: "VLR-3F9K2QX7",
  language: "pl",
  reason: null,
  issued_at: at,
  retain_until: Date.UTC(2035, 0, 1),
  created_at: at,
  updated_at: at,
};

for (let i = 0; i < Number(values.warmup); i++) await renderInvoicePdf(invoice, DEMO_SELLER);
const wall = [];
const cpu = [];
let bytes = 0;
for (let i = 0; i < renders; i++) {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const pdf = await renderInvoicePdf(invoice, DEMO_SELLER);
  wall.push(performance.now() - start);
  const used = process.cpuUsage(cpuBefore);
  cpu.push((used.user + used.system) / 1000);
  bytes = pdf.length;
}
const pick = (list, q) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))];
const fmt = (ms) => `${ms.toFixed(1)} ms`;
console.info(`invoice PDF, ${renders} renders (${bytes} bytes each)`);
console.info(`wall: median ${fmt(pick(wall, 0.5))}, p95 ${fmt(pick(wall, 0.95))}, max ${fmt(Math.max(...wall))}`);
console.info(`cpu:  median ${fmt(pick(cpu, 0.5))}, p95 ${fmt(pick(cpu, 0.95))}`);
