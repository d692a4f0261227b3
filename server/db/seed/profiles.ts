/**
 * Seed parts "profile details" and "profiles": what the search attributes and the registration steps
 * would have saved (traits, prices, schedule), then the profile rows themselves, written after them so the
 * search_profiles triggers (migration 0011) compute each row once with its traits and prices in place.
 */
import type { PersonPlan } from "./people";
import { insertAll, type SeedPart } from "./part";
import { createRandom } from "./random";
import type { SeedKind } from "./texts";

const DAY = 24 * 60 * 60 * 1000;

export interface ProfileBadges {
  verifiedAt: number | null;
  isHot: boolean;
  safeSexStatus: boolean;
  availableNowUntil: number | null;
}

/**
 * The listing badges the "only show" and popular filters select on, which later features will set
 * (verification, promotion, the available-now switch), seeded so the demo's popular filters find someone.
 * Reviews and tours are not faked: their counts would promise content that does not exist yet. A random
 * stream of its own, like searchAttributesFor; the profiles part plans them.
 */
export function badgesFor(seed: string, username: string, kind: SeedKind, now: number): ProfileBadges {
  const rng = createRandom(`${seed}:badges:${username}`);
  const escort = kind === "escort";
  const verified = rng.chance(escort ? 0.35 : kind === "client" ? 0.15 : 0.5);
  return {
    verifiedAt: verified ? now - rng.int(1, 400) * DAY : null,
    isHot: escort && rng.chance(0.12),
    safeSexStatus: escort && rng.chance(0.45),
    availableNowUntil: escort && rng.chance(0.1) ? now + rng.int(1, 8) * 3_600_000 : null,
  };
}

export const profileDetailsPart: SeedPart = {
  name: "profile details",
  async write({ trx, people, idOf }) {
    // What the search attributes seed first, then what the registration steps would have saved.
    const traits = people.flatMap((p) =>
      [...(p.profile.search?.traits ?? []), ...p.registration.traits].map(([group_key, option_id]) => ({
        user_id: idOf(p),
        group_key,
        option_id,
      })),
    );
    await insertAll(trx, "profile_traits", traits);
    const hourly = people.flatMap((p) =>
      p.profile.search?.hourlyPriceEur
        ? [{ user_id: idOf(p), item_type: 1, duration_minutes: 60, name: null, price_eur: p.profile.search.hourlyPriceEur, position: 0 }]
        : [],
    );
    const registered = people.flatMap((p) =>
      p.registration.prices.map((price) => ({
        user_id: idOf(p),
        item_type: price.itemType,
        duration_minutes: price.minutes,
        name: price.name,
        price_eur: price.priceEur,
        position: price.position,
      })),
    );
    await insertAll(trx, "profile_prices", [...hourly, ...registered]);
    const slots = people.flatMap((p) =>
      p.registration.schedule.map((slot) => ({
        user_id: idOf(p),
        day: slot.day,
        time_from: slot.timeFrom,
        time_to: slot.timeTo,
        is_over_day: slot.isOverDay ? 1 : 0,
      })),
    );
    await insertAll(trx, "profile_schedule", slots);
  },
};

export const profilesPart: SeedPart<ReadonlyMap<PersonPlan, ProfileBadges>> = {
  name: "profiles",
  plan: ({ people, seed, now }) => new Map(people.map((p) => [p, badgesFor(seed, p.username, p.kind, now)])),
  async write({ trx, people, idOf, now }, badges) {
    // Profiles last: the search_profiles triggers (migration 0011) then compute each row once, with its
    // traits and prices already in place, instead of once per trait and price row.
    await insertAll(
      trx,
      "profiles",
      people.map((p) => {
        const badge = badges.get(p)!;
        return {
          user_id: idOf(p),
          display_name: p.profile.displayName,
          city_name: p.profile.city.name,
          city_slug: p.profile.city.slug,
          city_id: p.profile.city.geonameId,
          region_code: p.profile.city.regionCode,
          country_code: "DE",
          height_cm: p.profile.search?.heightCm ?? null,
          weight_kg: p.profile.search?.weightKg ?? null,
          is_smoker: p.profile.search ? (p.profile.search.isSmoker ? 1 : 0) : null,
          lat: p.profile.lat,
          lon: p.profile.lon,
          status_text: p.profile.statusText,
          description: p.profile.description,
          is_visible: p.profile.isVisible ? 1 : 0,
          verified_at: badge.verifiedAt,
          is_hot: badge.isHot ? 1 : 0,
          safe_sex_status: badge.safeSexStatus ? 1 : 0,
          available_now_until: badge.availableNowUntil,
          updated_at: Math.min(now, p.updatedAt),
        };
      }),
    );
  },
};
