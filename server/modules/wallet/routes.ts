import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { walletOps } from "../../contract/operations/wallet";
import { csvSeparatorFor, dollarHistory, dollarHistoryCsv } from "./history";
import { dollarWallet, operationByKey, saveAutoRecharge } from "./service";

const PRIVATE = "private, no-store";

/** The wallet (issue 27 items 2 and 6, ADR 081): every answer is the caller's own ledger, never another member's. */
export function registerWallet({ v2 }: ModuleContext): void {
  v2.add(
    walletOps.dollar,
    {
      tag: "wallet",
      auth: "required",
      summary:
        "The caller's dollar balances (available, pending in probation, frozen, in payout), the packages the checkout sells (goods `dollar`, gross euro cents) and the auto-recharge setting with this month's count.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await dollarWallet(c.get("deps"), user!.id));
    },
  );
  v2.add(
    walletOps.history,
    {
      tag: "wallet",
      auth: "required",
      summary:
        "The caller's dollar history, newest first, 20 lines a page: one line per operation and account (kind, signed amount, account, reference, balance after). Filters: `kind` (a transaction kind), `month` (YYYY-MM, Europe/Berlin).",
      statuses: [400, 401],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await dollarHistory(c.get("deps"), user!.id, query));
    },
  );
  v2.add(
    walletOps.historyCsv,
    {
      tag: "wallet",
      auth: "required",
      summary: `The caller's whole dollar history under the same filters as CSV: UTF-8 with a byte order mark, CRLF, separated by "${csvSeparatorFor("de")}" (de, es, pl) or "${csvSeparatorFor("en")}" (en) by the request's language; columns date (Europe/Berlin), operation_id, kind, amount, account, balance_after, reference.`,
      statuses: [400, 401],
    },
    async (c, { user, query }) => {
      const file = await dollarHistoryCsv(c.get("deps"), user!.id, query, c.get("lang"));
      return c.body(file.body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": PRIVATE,
        "X-Content-Type-Options": "nosniff",
      });
    },
  );
  v2.add(
    walletOps.operation,
    {
      tag: "wallet",
      auth: "required",
      summary:
        "The caller's own money request under an idempotency key, as the key was posted (`tip:<key>`): its token operation (status, kind, amount, balance). None yet — or another member's key, which is never told apart — answers status `pending`, kind null.",
      statuses: [400, 401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await operationByKey(c.get("deps"), user!.id, c.req.param("key") ?? ""));
    },
  );
  v2.add(
    walletOps.autoRecharge,
    {
      tag: "wallet",
      auth: "required",
      summary:
        "Turns the caller's auto recharge on or off and chooses its package (at most 10 recharges a calendar month). Turning it on needs a renewing plus contract with a stored payment: 409 at `enabled` with exception.wallet.auto_recharge_renewal_cancelled, _no_renewing_plus or _no_stored_payment. Answers the wallet as GET /wallets/dollar.",
      statuses: [400, 401, 409],
    },
    async (c, { user, body }) => ok(c, await saveAutoRecharge(c.get("deps"), user!.id, body)),
  );
}
