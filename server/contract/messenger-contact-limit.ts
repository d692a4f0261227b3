/**
 * GET /user/contact-limit (spec section 7 "user … contact limit"; issue 32 item 8): the member's first contacts in the
 * rolling 24 hours as the messenger's contact rules count them (rules.ts firstContactAllowance, the rule decideSend
 * holds a first message to) — how many, how many are left, and when the next one frees.
 */
export interface ContactLimit {
  /** First contacts allowed per 24 hours (contract/messenger FIRST_CONTACTS_PER_DAY for this member now). */
  limit: number;
  used: number;
  left: number;
  /** When the oldest counted first contact leaves the window (ms), so one more is free; null when none is counted. */
  next_free_at: number | null;
}

export interface MessengerContactLimitBodies {
  ContactLimit: ContactLimit;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends MessengerContactLimitBodies {}
}
