import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { plusOps } from "../../contract/operations/plus";
import {
  cancellationPackages,
  cancelOwn,
  contractState,
  declareCancel,
  declareWithdraw,
  confirmWithdrawal,
  packageList,
  preemptOffer,
  readReceipt,
  saveSurvey,
  undoCancel,
} from "./service";

const PRIVATE = "private, no-store";

/** The plus membership (spec section 7 "membership and payment": packages incl. redesign, cancellation packages, preempt; "cancellation survey"; ADR 076). */
export function registerPlus({ v2 }: ModuleContext): void {
  v2.add(
    plusOps.packages,
    {
      tag: "membership",
      auth: "optional",
      summary:
        "The plus packages (gross euro cents incl. German VAT) of one set for one kind of member: a signed-in member always gets their own kind's, and without `set` the set of their rebill group (1: redesign); a guest the kind asked for (default client).",
      statuses: [400],
    },
    async (c, { query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await packageList(c.get("deps"), c.get("user")?.id ?? null, query));
    },
  );
  v2.add(
    plusOps.cancellationPackages,
    {
      tag: "membership",
      auth: "required",
      summary: "The offer shown while cancelling (cancel v2): the member's kind's cancellation packages.",
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await cancellationPackages(c.get("deps"), user!.id)),
  );
  v2.add(
    plusOps.contract,
    {
      tag: "membership",
      auth: "required",
      summary:
        "The signed-in member's plus contract: plan, paid period, end, next renewal, the earliest end an ordinary cancellation may have (§ 309 Nr. 9 BGB), what they may do, and within 14 days the withdrawal's pro-rata refund. Always the caller's own.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await contractState(c.get("deps"), user!.id));
    },
  );
  v2.add(
    plusOps.preempt,
    {
      tag: "membership",
      auth: "required",
      summary:
        "Preempt: the running renewing contract's next period bought early — the checkout's sku, price and start. 409 exception.plus.no_preempt without one.",
      statuses: [401, 409],
    },
    async (c, { user }) => ok(c, await preemptOffer(c.get("deps"), user!.id)),
  );
  v2.add(
    plusOps.cancel,
    {
      tag: "membership",
      auth: "required",
      summary:
        "Cancels the caller's own renewing contract at the earliest lawful end (recorded and confirmed by e-mail like the cancellation button). 409 exception.plus.not_cancellable when nothing renews.",
      statuses: [401, 409],
    },
    async (c, { user }) => ok(c, await cancelOwn(c.get("deps"), user!.id, c.get("lang"))),
  );
  v2.add(
    plusOps.undoCancel,
    {
      tag: "membership",
      auth: "required",
      summary:
        "Takes the caller's cancellation back until the contract ends: it runs and renews again. 409 exception.plus.not_cancelled otherwise.",
      statuses: [401, 409],
    },
    async (c, { user }) => ok(c, await undoCancel(c.get("deps"), user!.id)),
  );
  v2.add(
    plusOps.survey,
    {
      tag: "membership",
      auth: "required",
      summary: "The cancellation survey: reasons and a free text, both optional; stored, never a condition of cancelling.",
      statuses: [400, 401],
    },
    async (c, { body, user }) => ok(c, await saveSurvey(c.get("deps"), user!.id, body)),
  );
  v2.add(
    plusOps.declareCancel,
    {
      tag: "membership",
      auth: "optional",
      summary:
        "The § 312k BGB cancellation, without login: ordinary or extraordinary (a reason), name, e-mail or username, the contract, the end (earliest or a date). Always answers the receipt (what was received and when); the end date only to the signed-in owner — the account's owner gets an e-mail with it, nobody else learns whether the identification names an account.",
      statuses: [400],
    },
    async (c, { body, user }) => ok(c, await declareCancel(c.get("deps"), user?.id ?? null, body, c.get("lang"))),
  );
  v2.add(
    plusOps.declareWithdraw,
    {
      tag: "membership",
      auth: "optional",
      summary:
        "The EU withdrawal function (Directive 2023/2673): within 14 days of the contract's conclusion it ends the contract and refunds pro rata (§ 357a BGB). Signed in, at once. Without login only the account's e-mail address identifies, and the withdrawal takes effect when the owner confirms it by the link mailed there (confirmation \"pending\"; POST /contracts/withdraw/confirm). Always answers the receipt.",
      statuses: [400],
    },
    async (c, { body, user }) => ok(c, await declareWithdraw(c.get("deps"), user?.id ?? null, body, c.get("lang"))),
  );
  v2.add(
    plusOps.confirmWithdraw,
    {
      tag: "membership",
      auth: "optional",
      summary:
        "Confirms a withdrawal sent without login, with the token of the link mailed to the contract owner: it takes effect now; its timeliness and the pro-rata refund count from the submission (received_at, § 355(1) BGB). Single use, valid 7 days: else 404 exception.plus.withdraw_link_gone. Answers the receipt with the end and the refund; the owner gets the receipt by e-mail.",
      statuses: [400, 404],
    },
    async (c, { body }) => ok(c, await confirmWithdrawal(c.get("deps"), body)),
  );
  v2.add(
    plusOps.receipt,
    {
      tag: "membership",
      auth: "optional",
      summary:
        "A declaration's saveable confirmation by its random id (90 days); the end date only for the signed-in owner. 404 otherwise.",
      statuses: [404],
    },
    async (c, { user }) => {
      const id = c.req.param("id") ?? "";
      if (!/^[A-Za-z0-9_-]{8,40}$/.test(id)) throw fail.notFound();
      c.header("Cache-Control", PRIVATE);
      return ok(c, await readReceipt(c.get("deps"), id, user?.id ?? null));
    },
  );
}
