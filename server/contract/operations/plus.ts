/** The plus membership's operations (issue 26, ADR 062, 076): packages, the member's contract, the statutory declarations. */
import { defineOperation } from "../operation";
import { cancellationSurveySchema, contractCancelSchema, contractWithdrawSchema, withdrawalConfirmSchema } from "../plus";
import { plusPackagesQuerySchema } from "../plus-packages";

export const plusOps = {
  packages: defineOperation({
    method: "get",
    path: "/api/v2/membership/packages",
    query: plusPackagesQuerySchema,
    response: "PlusPackageList",
  }),
  cancellationPackages: defineOperation({ method: "get", path: "/api/v2/membership/cancellation-packages", response: "PlusPackageList" }),
  contract: defineOperation({ method: "get", path: "/api/v2/membership/contract", response: "PlusContractState" }),
  preempt: defineOperation({ method: "get", path: "/api/v2/membership/preempt", response: "PlusPreemptOffer" }),
  cancel: defineOperation({ method: "post", path: "/api/v2/membership/cancel", response: "PlusContractState" }),
  undoCancel: defineOperation({ method: "post", path: "/api/v2/membership/undo-cancel", response: "PlusContractState" }),
  survey: defineOperation({
    method: "post",
    path: "/api/v2/membership/cancellation-survey",
    body: cancellationSurveySchema,
    response: "PlusSurveySaved",
  }),
  declareCancel: defineOperation({
    method: "post",
    path: "/api/v2/contracts/cancel",
    body: contractCancelSchema,
    response: "ContractReceipt",
  }),
  declareWithdraw: defineOperation({
    method: "post",
    path: "/api/v2/contracts/withdraw",
    body: contractWithdrawSchema,
    response: "ContractReceipt",
  }),
  confirmWithdraw: defineOperation({
    method: "post",
    path: "/api/v2/contracts/withdraw/confirm",
    body: withdrawalConfirmSchema,
    response: "ContractReceipt",
  }),
  receipt: defineOperation({ method: "get", path: "/api/v2/contracts/receipts/:id", response: "ContractReceipt" }),
};
