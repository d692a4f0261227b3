import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { payoutOps } from "../../contract/operations/payouts";
import { parseRowId } from "../../contract/row-id";
import {
  approvePayouts,
  confirmPayout,
  devEarning,
  failPayout,
  initSecureCode,
  listPayouts,
  markBatchSent,
  payoutBatchXml,
  payoutOverview,
  payoutQueue,
  requestPayout,
  requestSecureCodeReset,
  resetSecureCode,
  saveBankAccount,
} from "./service";

const PRIVATE = "private, no-store";
const EARNERS = "Escorts and businesses only: 403 exception.payouts.not_earner for everyone else.";
const CODE =
  "Confirmed by the secure code: 400 validation.payouts.secure_code_wrong at secure_code (params.tries_left), 409 exception.payouts.secure_code_locked after the fifth wrong try (until a reset), 409 exception.payouts.secure_code_missing before one was chosen.";
const BACKEND =
  "Backend accounts (user type 9) only: 403 exception.backoffice.staff_only for everyone else. Writes an audit row per payout.";

function idOf(raw: string | undefined): number {
  const id = parseRowId(raw);
  if (id === null) throw fail.notFound();
  return id;
}

/** Earnings and payouts (spec section 4 "payout", "payout history and read-confirmation", "validate-iban"; ADR 086). */
export function registerPayouts({ v2, deps }: ModuleContext): void {
  // Not registered in production (the dev routes' rule, ADR 060): the e2e tests' earning for a fresh escort.
  if (deps.config.devRoutes !== "off")
    v2.add(
      payoutOps.devEarning,
      {
        tag: "dev",
        auth: "required",
        summary:
          "Dev only: the caller tips `receiver` `amount` dollars (granted to the caller first), pending for the receiver's probation.",
        statuses: [400, 401, 404],
      },
      async (c, { body, user }) => ok(c, await devEarning(c.get("deps"), user!.id, body.receiver, body.amount)),
    );
  v2.add(
    payoutOps.overview,
    {
      tag: "wallet",
      auth: "required",
      summary:
        "The caller's payout state: balances, earnings still in probation with the time each frees, the secure code's state, the bank account (masked) and its block after an IBAN change, ongoing payouts and whether a payout may be requested now.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await payoutOverview(c.get("deps"), user!.id));
    },
  );
  v2.add(
    payoutOps.list,
    {
      tag: "wallet",
      auth: "required",
      summary: "The caller's payouts, newest first (at most 100), with the spec's statuses.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await listPayouts(c.get("deps"), user!.id));
    },
  );
  v2.add(
    payoutOps.request,
    {
      tag: "wallet",
      auth: "required",
      summary: `Requests a payout of \`amount\` dollars (at least 100) to the saved bank account; the amount leaves the wallet at once (status ongoing) and waits for the back office. A retry with the same \`key\` answers the first payout (replayed). 400 validation.payouts.below_minimum at amount; 409 exception.payouts.insufficient (at amount), too_many_ongoing (3 ongoing), bank_missing, iban_blocked (48 h after an IBAN change). ${CODE} ${EARNERS}`,
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await requestPayout(c.get("deps"), user!.id, body)),
  );
  v2.add(
    payoutOps.confirm,
    {
      tag: "wallet",
      auth: "required",
      summary:
        "The read-confirmation: the caller saw their succeeded or failed payout, which becomes confirmed (3). 404 for another member's payout; 409 exception.payouts.not_confirmable while it is ongoing.",
      statuses: [401, 404, 409],
    },
    async (c, { user }) => ok(c, await confirmPayout(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    payoutOps.secureCode,
    {
      tag: "wallet",
      auth: "required",
      summary: `Chooses the secure code (6 digits, typed twice; stored hashed like a password). 409 exception.payouts.secure_code_set once one exists: a new one only through the e-mailed reset. ${EARNERS}`,
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await initSecureCode(c.get("deps"), user!.id, body.code)),
  );
  v2.add(
    payoutOps.secureCodeResetRequest,
    {
      tag: "wallet",
      auth: "required",
      summary: `Mails the caller a link (one hour) to choose a new secure code; the only way out of a lock. ${EARNERS}`,
      statuses: [401, 403],
    },
    async (c, { user }) => ok(c, await requestSecureCodeReset(c.get("deps"), user!.id, c.get("lang"))),
  );
  v2.add(
    payoutOps.secureCodeReset,
    {
      tag: "wallet",
      auth: "required",
      summary: `Sets a new secure code with the caller's own reset link's token (used once; every other open link is spent too) and clears the wrong tries. 400 exception.payouts.reset_invalid at token. ${EARNERS}`,
      statuses: [400, 401, 403],
    },
    async (c, { body, user }) => ok(c, await resetSecureCode(c.get("deps"), user!.id, body.token, body.code)),
  );
  v2.add(
    payoutOps.bankAccount,
    {
      tag: "wallet",
      auth: "required",
      summary: `Saves the account payouts go to: the IBAN (ibantools: electronic format, a SEPA country, check digits), the BIC if given (format and country), the holder's name exactly as typed. Each failing field is named in the 400 (validation.bank.*). A new or changed IBAN blocks payouts for 48 hours. ${CODE} ${EARNERS}`,
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await saveBankAccount(c.get("deps"), user!.id, body)),
  );

  v2.add(
    payoutOps.queue,
    {
      tag: "backoffice",
      auth: "required",
      summary: `The payouts waiting for approval, those approved into a file and not yet sent, recent succeeded ones, and the batches. ${BACKEND}`,
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await payoutQueue(c.get("deps"), user!.id));
    },
  );
  v2.add(
    payoutOps.approve,
    {
      tag: "backoffice",
      auth: "required",
      summary: `Approves the listed waiting payouts into one pain.001 credit transfer file, executed the next bank day. 409 exception.payouts.nothing_to_approve when none of them waits. ${BACKEND}`,
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await approvePayouts(c.get("deps"), user!.id, body.payout_ids)),
  );
  v2.add(
    payoutOps.batchFile,
    {
      tag: "backoffice",
      auth: "required",
      summary: `A payout batch's pain.001 file as XML, to upload to the bank. ${BACKEND}`,
      statuses: [401, 403, 404],
    },
    async (c, { user }) => {
      const file = await payoutBatchXml(c.get("deps"), user!.id, idOf(c.req.param("id")));
      return new Response(file.xml, {
        headers: {
          "Content-Type": "application/xml; charset=utf-8",
          "Content-Disposition": `attachment; filename="${file.name}"`,
          "Cache-Control": PRIVATE,
        },
      });
    },
  );
  v2.add(
    payoutOps.batchSent,
    {
      tag: "backoffice",
      auth: "required",
      summary: `Marks a batch's file sent to the bank: each of its payouts succeeded (1) and its dollars are booked as paid out. 409 exception.payouts.batch_sent the second time. ${BACKEND}`,
      statuses: [401, 403, 404, 409],
    },
    async (c, { user }) => ok(c, await markBatchSent(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    payoutOps.returned,
    {
      tag: "backoffice",
      auth: "required",
      summary: `A succeeded payout the bank returned: it failed (2) and its dollars are available to the member again. 409 exception.payouts.not_returnable otherwise. ${BACKEND}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { body, user }) => ok(c, await failPayout(c.get("deps"), user!.id, idOf(c.req.param("id")), "returned", body.reason)),
  );
  v2.add(
    payoutOps.rejected,
    {
      tag: "backoffice",
      auth: "required",
      summary: `A waiting payout staff refuse (not approved into a file): it failed (2) and its dollars are available again. 409 exception.payouts.not_returnable otherwise. ${BACKEND}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { body, user }) => ok(c, await failPayout(c.get("deps"), user!.id, idOf(c.req.param("id")), "rejected", body.reason)),
  );
}
