/** The translations group's operations (issue 32 item 7, ADR 136): missing-key reports and their back-office list. */
import * as v from "valibot";
import { NAMESPACES, SUPPORTED_LANGUAGES } from "../locales";
import { defineOperation } from "../operation";
import { pageQueryParam } from "../paging";
import { MISSING_KEY_FILTER_STATES, MISSING_KEY_LIMITS } from "../translations";

export const missingKeyReportSchema = v.object({
  keys: v.pipe(
    v.array(
      v.object({
        lng: v.picklist(SUPPORTED_LANGUAGES, "validation.invalid"),
        ns: v.picklist(NAMESPACES, "validation.invalid"),
        key: v.pipe(
          v.string("validation.invalid"),
          v.minLength(1, "validation.required"),
          v.maxLength(MISSING_KEY_LIMITS.keyMaxLength, "validation.invalid"),
        ),
      }),
      "validation.invalid",
    ),
    v.minLength(1, "validation.required"),
    v.maxLength(MISSING_KEY_LIMITS.keysPerReport, "validation.invalid"),
  ),
});

export const missingKeyFilterSchema = v.object({
  lng: v.optional(v.picklist(SUPPORTED_LANGUAGES, "validation.invalid")),
  ns: v.optional(v.picklist(NAMESPACES, "validation.invalid")),
  /** open (default), fixed, dismissed, or all. */
  state: v.optional(v.picklist(MISSING_KEY_FILTER_STATES, "validation.invalid"), "open"),
  /** 1-based; a page past the last answers no items. */
  page: pageQueryParam,
});

/** The body of marking a key fixed or dismissing it: an optional note for the audit trail. */
export const markKeyFixedSchema = v.object({
  reason: v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(500, "validation.invalid"))),
});

export const translationsOps = {
  report: defineOperation({
    method: "post",
    path: "/api/v2/translations/missing",
    body: missingKeyReportSchema,
    response: "MissingKeyReceipt",
  }),
  list: defineOperation({
    method: "get",
    path: "/api/v2/backoffice/translations/missing",
    query: missingKeyFilterSchema,
    response: "MissingKeyList",
  }),
  markFixed: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/translations/missing/:id/fixed",
    body: markKeyFixedSchema,
    response: "MissingKeyItem",
  }),
  dismiss: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/translations/missing/:id/dismissed",
    body: markKeyFixedSchema,
    response: "MissingKeyItem",
  }),
};
