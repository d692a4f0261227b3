/** Earnings and payouts (issue 27 items 5–7, ADR 062, 086): the member's payout pages and the back office's batches. */
import { defineOperation } from "../operation";
import {
  payoutBankAccountSchema,
  payoutBatchSchema,
  payoutRequestSchema,
  payoutReturnSchema,
  secureCodeInitSchema,
  secureCodeResetSchema,
} from "../payouts";

const base = "/api/v2/payouts";
const office = "/api/v2/backoffice/payouts";

export const payoutOps = {
  overview: defineOperation({ method: "get", path: `${base}/overview`, response: "PayoutOverview" }),
  list: defineOperation({ method: "get", path: base, response: "PayoutList" }),
  request: defineOperation({ method: "post", path: base, body: payoutRequestSchema, response: "PayoutRequestAnswer" }),
  confirm: defineOperation({ method: "post", path: `${base}/:id/confirm`, response: "PayoutItem" }),
  secureCode: defineOperation({ method: "post", path: `${base}/secure-code`, body: secureCodeInitSchema, response: "SecureCodeState" }),
  secureCodeResetRequest: defineOperation({ method: "post", path: `${base}/secure-code/reset-request`, response: "SecureCodeResetSent" }),
  secureCodeReset: defineOperation({
    method: "post",
    path: `${base}/secure-code/reset`,
    body: secureCodeResetSchema,
    response: "SecureCodeState",
  }),
  bankAccount: defineOperation({
    method: "put",
    path: `${base}/bank-account`,
    body: payoutBankAccountSchema,
    response: "PayoutBankAccount",
  }),
  queue: defineOperation({ method: "get", path: office, response: "PayoutQueue" }),
  approve: defineOperation({ method: "post", path: `${office}/batches`, body: payoutBatchSchema, response: "PayoutBatchSummary" }),
  batchFile: defineOperation({ method: "get", path: `${office}/batches/:id/file` }),
  batchSent: defineOperation({ method: "post", path: `${office}/batches/:id/sent`, response: "PayoutBatchSent" }),
  returned: defineOperation({ method: "post", path: `${office}/:id/returned`, body: payoutReturnSchema, response: "PayoutItem" }),
  rejected: defineOperation({ method: "post", path: `${office}/:id/rejected`, body: payoutReturnSchema, response: "PayoutItem" }),
};
