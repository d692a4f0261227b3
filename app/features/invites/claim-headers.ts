import { PRIVATE_HEADERS } from "~/utils/seo";

/** The invite code is in the URL: it must not leak to other sites through the Referer. */
export const CLAIM_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };
