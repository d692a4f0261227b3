/**
 * Who may tour (issue 10 item 5, ADR 028), free of valibot: the dashboard shows its tours card by it in the browser,
 * and contract/tours.ts builds valibot schemas at load (ADR 155). contract/tours.ts re-exports it.
 */
import { USER_TYPE } from "./users";

/** Who may tour: escorts (individuals travel; a business has its premises). */
export const TOUR_USER_TYPES: readonly number[] = [USER_TYPE.escort];
