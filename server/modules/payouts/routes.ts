import type { Context } from "hono";
import { assertNotClaimedByOther, releaseDecidedClaim } from "../../api/claim-gate";
import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { ok, type HandlerInput } from "../../api/router";
import type { ApiDeps, ApiEnv } from "../../api/types";
import { payoutOps } from "../../contract/operations/payouts";
import { parseRowId } from "../../contract/row-id";
import {
  approvePayouts,
  confirmPayout,
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

/** Every payouts route needs a signed-in caller: the member's pages ("wallet") or the back office's. */
const signedIn = (tag: "wallet" | "backoffice", summary: string, statuses: number[]) => ({
  tag,
  auth: "required" as const,
  // The back office's payouts are money (ADR 080): the backend role's alone.
  ...(tag === "backoffice" ? { staff: "money.manage" as const } : {}),
  summary,
  statuses,
});

/** The caller's own state, never stored by a shared cache. */
function privateRead<T>(read: (deps: ApiDeps, userId: number) => Promise<T>) {
  return async (c: Context<ApiEnv>, { user }: HandlerInput<unknown, unknown>) => {
    c.header("Cache-Control", PRIVATE);
    return ok(c, await read(c.get("deps"), user!.id));
  };
}

/** An action of the caller on the row the path names (a 404 for an id that cannot be one). */
function onRow<T>(act: (deps: ApiDeps, userId: number, rowId: number) => Promise<T>) {
  return async (c: Context<ApiEnv>, { user }: HandlerInput<unknown, unknown>) =>
    ok(c, await act(c.get("deps"), user!.id, idOf(c.req.param("id"))));
}

/** Staff end the payout the path names as failed, with the reason the body gives. */
function failing(how: "returned" | "rejected") {
  return async (c: Context<ApiEnv>, { body, user }: HandlerInput<{ reason: string }, unknown>) =>
    ok(c, await failPayout(c.get("deps"), user!.id, idOf(c.req.param("id")), how, body.reason));
}

/** Earnings and payouts (spec section 4 "payout", "payout history and read-confirmation", "validate-iban"; ADR 086). */
export function registerPayouts({ v2 }: ModuleContext): void {
  v2.add(
    payoutOps.overview,
    signedIn(
      "wallet",
      "The caller's payout state: balances, earnings still in probation with the time each frees, the secure code's state, the bank account (masked) and its block after an IBAN change, ongoing payouts and whether a payout may be requested now.",
      [401],
    ),
    privateRead(payoutOverview),
  );
  v2.add(
    payoutOps.list,
    signedIn("wallet", "The caller's payouts, newest first (at most 100), with the spec's statuses.", [401]),
    privateRead(listPayouts),
  );
  v2.add(
    payoutOps.request,
    signedIn(
      "wallet",
      `Requests a payout of \`amount\` dollars (at least 100) to the saved bank account; the amount leaves the wallet at once (status ongoing) and waits for the back office. A retry with the same \`key\` answers the first payout (replayed). 400 validation.payouts.below_minimum at amount; 409 exception.payouts.insufficient (at amount), too_many_ongoing (3 ongoing), bank_missing, iban_blocked (48 h after an IBAN change). ${CODE} ${EARNERS}`,
      [400, 401, 403, 409],
    ),
    async (c, { body, user }) => ok(c, await requestPayout(c.get("deps"), user!.id, body)),
  );
  v2.add(
    payoutOps.confirm,
    signedIn(
      "wallet",
      "The read-confirmation: the caller saw their succeeded or failed payout, which becomes confirmed (3). 404 for another member's payout; 409 exception.payouts.not_confirmable while it is ongoing.",
      [401, 404, 409],
    ),
    onRow(confirmPayout),
  );
  v2.add(
    payoutOps.secureCode,
    signedIn(
      "wallet",
      `Chooses the secure code (6 digits, typed twice; stored hashed like a password). 409 exception.payouts.secure_code_set once one exists: a new one only through the e-mailed reset. ${EARNERS}`,
      [400, 401, 403, 409],
    ),
    async (c, { body, user }) => ok(c, await initSecureCode(c.get("deps"), user!.id, body.code)),
  );
  v2.add(
    payoutOps.secureCodeResetRequest,
    signedIn(
      "wallet",
      `Mails the caller a link (one hour) to choose a new secure code; the only way out of a lock. ${EARNERS}`,
      [401, 403],
    ),
    async (c, { user }) => ok(c, await requestSecureCodeReset(c.get("deps"), user!.id, c.get("lang"))),
  );
  v2.add(
    payoutOps.secureCodeReset,
    signedIn(
      "wallet",
      `Sets a new secure code with the caller's own reset link's token (used once; every other open link is spent too) and clears the wrong tries. 400 exception.payouts.reset_invalid at token. ${EARNERS}`,
      [400, 401, 403],
    ),
    async (c, { body, user }) => ok(c, await resetSecureCode(c.get("deps"), user!.id, body.token, body.code)),
  );
  v2.add(
    payoutOps.bankAccount,
    signedIn(
      "wallet",
      `Saves the account payouts go to: the IBAN (ibantools: electronic format, a SEPA country, check digits), the BIC if given (format and country), the holder's name exactly as typed. Each failing field is named in the 400 (validation.bank.*). A new or changed IBAN blocks payouts for 48 hours. ${CODE} ${EARNERS}`,
      [400, 401, 403, 409],
    ),
    async (c, { body, user }) => ok(c, await saveBankAccount(c.get("deps"), user!.id, body)),
  );

  v2.add(
    payoutOps.queue,
    signedIn(
      "backoffice",
      `The payouts waiting for approval, those approved into a file and not yet sent, recent succeeded ones, and the batches. ${BACKEND}`,
      [401, 403],
    ),
    privateRead(payoutQueue),
  );
  v2.add(
    payoutOps.approve,
    signedIn(
      "backoffice",
      `Approves the listed waiting payouts into one pain.001 credit transfer file, executed the next bank day. 409 exception.payouts.nothing_to_approve when none of them waits; 409 exception.backoffice.claimed_by_other when another staff member holds one of them (ADR 119). ${BACKEND}`,
      [400, 401, 403, 409],
    ),
    async (c, { body, user }) => {
      const deps = c.get("deps");
      // Staff claims (ADR 119) name one payout; a batch names many, so the route checks each before approving and
      // releases each after (the router's `claim` option covers one path id only).
      for (const id of body.payout_ids) await assertNotClaimedByOther(deps, user!.id, "payouts", id);
      const batch = await approvePayouts(deps, user!.id, body.payout_ids);
      for (const id of body.payout_ids) await releaseDecidedClaim(deps, "payouts", id);
      return ok(c, batch);
    },
  );
  v2.add(
    payoutOps.batchFile,
    signedIn("backoffice", `A payout batch's pain.001 file as XML, to upload to the bank. ${BACKEND}`, [401, 403, 404]),
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
    signedIn(
      "backoffice",
      `Marks a batch's file sent to the bank: each of its payouts succeeded (1) and its dollars are booked as paid out. 409 exception.payouts.batch_sent the second time. ${BACKEND}`,
      [401, 403, 404, 409],
    ),
    onRow(markBatchSent),
  );
  v2.add(
    payoutOps.returned,
    signedIn(
      "backoffice",
      `A payout the bank returned (succeeded, or in a file not marked sent yet), booked by hand: it failed (2), its dollars are available to the member again and the member is mailed. The statement import books returns it can match itself (ADR 091). 409 exception.payouts.not_returnable otherwise. ${BACKEND}`,
      [400, 401, 403, 404, 409],
    ),
    failing("returned"),
  );
  v2.add(
    payoutOps.rejected,
    {
      ...signedIn(
        "backoffice",
        `A waiting payout staff refuse (not approved into a file): it failed (2) and its dollars are available again. 409 exception.payouts.not_returnable otherwise; 409 exception.backoffice.claimed_by_other while another staff member holds it (ADR 119). ${BACKEND}`,
        [400, 401, 403, 404, 409],
      ),
      claim: { queue: "payouts", param: "id" },
    },
    failing("rejected"),
  );
}
