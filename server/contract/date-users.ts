/**
 * Who has dates (issue 13, ADR 046), free of valibot: the header imports DATE_USER_TYPES, and contract/dates.ts builds
 * valibot schemas at load, which pulled valibot into every hydrated page's layout (ADR 149). contract/dates.ts
 * re-exports these, so the services keep importing them from there.
 */
import { USER_TYPE } from "./users";

/** User types (contract/users USER_TYPE) that may send a request, and those that may receive one. */
export const DATE_SENDER_TYPES: readonly number[] = [USER_TYPE.client];
export const DATE_RECEIVER_TYPES: readonly number[] = [USER_TYPE.escort, USER_TYPE.business];
/** Members who have dates at all (either side): they get "Meine Dates" in the header and on the dashboard. */
export const DATE_USER_TYPES: readonly number[] = [...DATE_SENDER_TYPES, ...DATE_RECEIVER_TYPES];
