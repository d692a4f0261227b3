/**
 * The queued VIES check of a member's VAT ID (job `invoices.vies_check`): the European Commission's REST service
 * (POST check-vat-number with countryCode and vatNumber; answer `valid`, `requestIdentifier`). VIES or a member
 * state being down is an error the job runner retries with backoff — never an invalid number; the checkout never
 * waits for it. A confirmation stores the request identifier (proof of the check) and corrects the invoices that
 * charged VAT; an invalid answer leaves them with VAT.
 */
import type { ApiDeps } from "../../api/types";
import { vatIdCountry } from "../../contract/vat";
import { normalizeVatId, reissueUnderReverseCharge } from "./service";

export const VIES_URL = process.env.VIES_URL ?? "https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number";
const VIES_TIMEOUT_MS = 15_000;

/** VIES answers these when it or the member state cannot answer now (its documented error codes). */
const UNAVAILABLE = new Set(["SERVICE_UNAVAILABLE", "MS_UNAVAILABLE", "TIMEOUT", "GLOBAL_MAX_CONCURRENT_REQ", "MS_MAX_CONCURRENT_REQ"]);

export class ViesUnavailable extends Error {}

export interface ViesAnswer {
  valid: boolean;
  requestIdentifier: string | null;
}

/** Asks VIES about one VAT ID. Throws ViesUnavailable when it cannot answer (the job retries). */
export async function askVies(vatId: string, url: string = VIES_URL): Promise<ViesAnswer> {
  const value = normalizeVatId(vatId);
  // VIES takes Greece as EL, as its VAT IDs are written; the number without its two letters.
  const countryCode = vatIdCountry(value) === "GR" ? "EL" : value.slice(0, 2);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ countryCode, vatNumber: value.slice(2) }),
      signal: AbortSignal.timeout(VIES_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ViesUnavailable(`VIES unreachable: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as {
    valid?: unknown;
    requestIdentifier?: unknown;
    userError?: unknown;
    errorWrappers?: Array<{ error?: string }>;
  } | null;
  const code = typeof body?.userError === "string" ? body.userError : body?.errorWrappers?.[0]?.error;
  if (!response.ok || !body || (code && UNAVAILABLE.has(code)) || typeof body.valid !== "boolean") {
    throw new ViesUnavailable(`VIES answered ${response.status}${code ? ` ${code}` : ""}`);
  }
  return {
    valid: body.valid,
    requestIdentifier: typeof body.requestIdentifier === "string" && body.requestIdentifier ? body.requestIdentifier : null,
  };
}

/** The job: ask, record the answer on the member's billing details, and on a confirmation correct their invoices. */
export async function runViesCheck(deps: ApiDeps, payload: { user_id: number; vat_id: string }): Promise<void> {
  const answer = await askVies(payload.vat_id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // The member may have changed the ID while the check waited: the answer is about the one asked.
    const info = await trx.selectFrom("billing_infos").select(["vat_id"]).where("user_id", "=", payload.user_id).executeTakeFirst();
    if (info?.vat_id && normalizeVatId(info.vat_id) === payload.vat_id) {
      await trx
        .updateTable("billing_infos")
        .set({ vat_id_status: answer.valid ? "valid" : "invalid", vies_checked_at: now, vies_request_id: answer.requestIdentifier })
        .where("user_id", "=", payload.user_id)
        .execute();
    }
    if (answer.valid) await reissueUnderReverseCharge(trx, deps, payload.user_id, payload.vat_id);
  });
}
