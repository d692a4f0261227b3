/**
 * The sanctions/AML screening port (issue 30 item 3, ADR 109): before payouts, a creator's name is screened against
 * sanctions and anti-money-laundering lists. A provider answers clear, a hit (with what it matched), or an error (it
 * could not answer: the job kyc.aml_screen asks again). A hit never rejects by itself: backend staff decide it, since
 * name matches are often false positives. Adapters: the embedded fake (./fake.ts). No named provider is claimed.
 */

/** Who is screened. */
export interface AmlSubject {
  /** Our reference of this screening, sent along so the provider's records can be found again. */
  reference: string;
  /** The full name as the member typed it when signing the creator agreement. */
  fullName: string;
  /** ISO date of birth as the member gave it at registration, when known (narrows name matches). */
  birthDate: string | null;
  /** The member's country (ISO 3166-1 alpha-2), when known. */
  country: string | null;
}

export type AmlAnswer =
  | { outcome: "clear"; providerReference: string }
  | { outcome: "hit"; providerReference: string; matches: string[] }
  | { outcome: "error"; message: string };

export interface AmlProvider {
  name: string;
  /** `attempt` counts from 1: the fake uses it to fail once and then answer. */
  screen(subject: AmlSubject, attempt: number): Promise<AmlAnswer>;
}
