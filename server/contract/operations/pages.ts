/** The info pages' operation (ADR 062). */
import * as v from "valibot";
import { defineOperation } from "../operation";
import { PAGE_VERSIONS } from "../pages";

export const pagesOps = {
  page: defineOperation({
    method: "get",
    path: "/api/v2/pages/:section/:key",
    // Beside the descriptor, not in contract/pages: the info pages import that file into the browser.
    query: v.object({ version: v.optional(v.picklist(PAGE_VERSIONS, "validation.invalid"), "current") }),
    response: "PageDocument",
  }),
};
