/**
 * The entitlements kernel (issue 24 item 5, ADR 061): the one answer to "is plus running for this member now" and
 * "may this member use benefit X", and the one "payment required" outcome of products that cannot be paid yet.
 *
 * Plus is read from the member row and the clock only (is_member, member_until), so a caller that already holds the
 * row pays no query: select PLUS_COLUMNS with it. The same rule exists once more in SQL (plusRunningSql) for
 * statements that filter or rank many rows. The benefits and who gets them are the contract's one list
 * (contract/entitlements); the web tier reads the viewer's answer from GET /user/data and never decides plus itself.
 */
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { ApiError, errorItem } from "../../api/errors";
import {
  benefitsGrantedTo,
  plusBenefitAudienceOf,
  type Benefit,
  type PlusBenefitAudience,
  type ViewerEntitlements,
} from "../../contract/entitlements";
import { PAYMENT_REQUIRED_KEY, PRICES, type PaymentOffer, type Product } from "../../contract/prices";

/** The users columns plus is decided from. */
export const PLUS_COLUMNS = ["is_member", "member_until"] as const;

/** What plus is decided from: the users row's flag and end (ms; null: no end). */
export interface PlusFacts {
  is_member: number | boolean;
  member_until: number | string | null;
}

/** Plus runs now: the flag is set and there is no end, or the end is still ahead (at member_until it has ended). */
export function plusRunning(member: PlusFacts, now: number): boolean {
  if (member.is_member !== 1 && member.is_member !== true) return false;
  return member.member_until === null || Number(member.member_until) > now;
}

/** The entitlements policy of one member at one moment: one function per question. */
export interface Entitlements {
  /** Plus runs now. */
  readonly plus: boolean;
  /** When plus ends; null: no end date, or no plus. */
  readonly plusUntil: number | null;
  /** May this member use `benefit` now. */
  may(benefit: Benefit): boolean;
  /** The benefits this member may use now, in the contract's order. */
  benefits(): Benefit[];
  /** The answer the API gives about its viewer (GET /user/data). */
  answer(): ViewerEntitlements;
}

const GRANTED: Record<PlusBenefitAudience, ReadonlySet<Benefit>> = {
  client: new Set(benefitsGrantedTo("client")),
  provider: new Set(benefitsGrantedTo("provider")),
};

function policy(plus: boolean, plusUntil: number | null, granted: ReadonlySet<Benefit>): Entitlements {
  const benefits = () => (plus ? [...granted] : []);
  return {
    plus,
    plusUntil,
    may: (benefit) => plus && granted.has(benefit),
    benefits,
    answer: () => ({ plus, plus_until: plusUntil, benefits: benefits() }),
  };
}

/** Guests and anyone without a member row: no plus, no benefit. */
export const NO_ENTITLEMENTS: Entitlements = policy(false, null, new Set());

/** The policy of a member from their row (PLUS_COLUMNS and user_type) at `now`: no query. */
export function entitlementsOf(member: PlusFacts & { user_type: number }, now: number): Entitlements {
  const plus = plusRunning(member, now);
  const until = plus && member.member_until !== null ? Number(member.member_until) : null;
  return policy(plus, until, GRANTED[plusBenefitAudienceOf(member.user_type)]);
}

/**
 * plusRunning in SQL, over a table that carries is_member and member_until (users, search_profiles): for statements
 * that filter or rank many members. `now` is bound as a parameter, or inlined when given as sql.lit(now).
 */
export function plusRunningSql(table: "users" | "search_profiles", now: number | RawBuilder<unknown>): RawBuilder<SqlBool> {
  const isMember = sql.ref(`${table}.is_member`);
  const until = sql.ref(`${table}.member_until`);
  return sql<SqlBool>`(${isMember} = 1 and (${until} is null or ${until} > ${now}))`;
}

/**
 * The products that can be paid now (issue 27): the dollar unlocks the wallet pays in place (ADR 083) and the rise-up
 * (ADR 084). The small tip to a message (minimal_tipping) and the promotion profile have no payment path yet and keep
 * the "payment required" outcome.
 */
const PAYABLE_PRODUCTS: ReadonlySet<Product> = new Set<Product>(["first_contact_unlock", "boost", "review_unlock", "rise_up"]);

/** What a product costs and whether it can be paid now (the offers pages and the messenger show). */
export function offerOf(product: Product): PaymentOffer {
  const { amount, currency } = PRICES[product];
  return { product, price: amount, currency, payable: PAYABLE_PRODUCTS.has(product) };
}

/**
 * The one "payment required" outcome: 402 with one error item (exception.payment.required) whose params name the
 * product and its price ({ product, price, currency }, contract/prices). `extra` adds top-level fields a caller's
 * clients already read (the messenger's outcome).
 */
export function paymentRequired(product: Product, extra: Record<string, unknown> = {}): ApiError {
  const { amount, currency } = PRICES[product];
  return new ApiError(402, [errorItem(402, PAYMENT_REQUIRED_KEY, undefined, { product, price: amount, currency })], extra);
}
