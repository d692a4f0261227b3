import { SPECIAL_CATEGORY_TRAITS, SPECIAL_DATA_CONSENT } from "../../contract/consents";
import { insertAll, type SeedPart } from "./part";

/**
 * Seeded people who state ethnicity or sexual orientation gave the consent
 * those need (ADR 023) when they registered.
 */
export const consentsPart: SeedPart = {
  name: "consents",
  async write({ trx, people, idOf }) {
    const special: ReadonlySet<string> = new Set(SPECIAL_CATEGORY_TRAITS);
    const rows = people
      .filter((p) => [...(p.profile.search?.traits ?? []), ...p.registration.traits].some(([group]) => special.has(group)))
      .map((p) => ({ user_id: idOf(p), purpose: SPECIAL_DATA_CONSENT, granted_at: p.createdAt, withdrawn_at: null }));
    await insertAll(trx, "consents", rows);
  },
};
