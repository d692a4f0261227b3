import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { tipsOps } from "../../contract/operations/tips";
import { canTipMedia, sendTip, tipAmount, tipStatus } from "./service";

const PRIVATE = "private, no-store";

/** Tips in the spec's wallets group (section 7 "wallets": tip, tip-amount, can-tip-media; issue 27 item 3, ADR 082). */
export function registerTips({ v2 }: ModuleContext): void {
  v2.add(
    tipsOps.tip,
    {
      tag: "wallets",
      auth: "required",
      summary:
        "Tips a profile's owner (id: the owner's user id) or a medium's owner (id: the medium's id) a whole number of dollars, at least 1, under the client's idempotency key: the token operation (succeeded: the dollars are in the receiver's pending account; insufficient: nothing moved). A retry with the key answers the first result (replayed). 400 amount or oneself, 403 a receiver who is no escort or business, 404 unknown or not visible, 409 over the monthly limit (params remaining, limit) or a key used for another tip.",
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { body, user }) =>
      ok(
        c,
        await sendTip(c.get("deps"), { payer: user!.id, target: { kind: body.target, id: body.id }, amount: body.amount, key: body.key }),
      ),
  );
  v2.add(
    tipsOps.tipStatus,
    {
      tag: "wallets",
      auth: "required",
      summary:
        "The caller's own tip under this idempotency key, as the tip answered it; status pending while none is recorded (another member's key reads the same). The page's script polls it while a tip is pending.",
      statuses: [400, 401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await tipStatus(c.get("deps"), user!.id, c.req.param("key") ?? ""));
    },
  );
  v2.add(
    tipsOps.tipAmount,
    {
      tag: "wallets",
      auth: "required",
      summary:
        "The tip amounts, the minimum, the caller's monthly limit (calendar month, Europe/Berlin), what is used and left of it, and the balance. With target and id the receiver as a tip would check it (400, 403, 404); with amount too the quote: the balance after (null when the balance does not cover it), 409 over what is left.",
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { query, user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await tipAmount(c.get("deps"), user!.id, query));
    },
  );
  v2.add(
    tipsOps.canTipMedia,
    {
      tag: "wallets",
      auth: "optional",
      summary:
        "can-tip-media: whether the caller may tip this medium (signed in, not its owner, the medium visible to the caller, its owner an escort or business who may receive). false for guests and for media the caller cannot see.",
      statuses: [400],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      const raw = c.req.param("id") ?? "";
      if (!/^[1-9]\d{0,9}$/.test(raw)) throw fail.badRequest("validation.invalid", "id");
      const id = Number(raw);
      return ok(c, { medium_id: id, can_tip: await canTipMedia(c.get("deps"), user?.id ?? null, id) });
    },
  );
}
