/**
 * Valid bodies for the registration API's sign-up endpoints, each with a fresh username and address;
 * `overrides` changes or adds fields (a test of one rule breaks just that field).
 */
let seq = 0;

function uniqueUsername(prefix: string): string {
  seq += 1;
  return `${prefix}_${seq}_${Math.random().toString(36).slice(2, 7)}`;
}

/** POST /registration/sign-up: an escort old enough, both consents given. */
export function individualSignUpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const username = uniqueUsername("Neu");
  return {
    user_type: "escort",
    username,
    email: `${username.toLowerCase()}@example.test`,
    password: "sicher-genug-42",
    gender: 2,
    salutation: "ms",
    birth_day: 15,
    birth_month: 6,
    birth_year: 1995,
    accept_terms: true,
    accept_privacy: true,
    ...overrides,
  };
}

/** POST /registration/business/sign-up: an agency in Hamburg (the city must be in the geo tables). */
export function businessSignUpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const username = uniqueUsername("Firma");
  return {
    company_name: "Agentur Nordlicht",
    business_kind: "agency",
    contact_person: "Erika Muster",
    city: "Hamburg",
    username,
    email: `${username.toLowerCase()}@example.test`,
    password: "firmen-pass-77",
    accept_terms: true,
    ...overrides,
  };
}
