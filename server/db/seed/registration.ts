/**
 * What the registration steps (profile, services, availability) would have
 * saved for a seeded person: required profile traits, languages, services,
 * more prices and extras, schedule slots. A random stream of its own (keyed
 * by username), so adding it changes nobody's other seeded values; people
 * who stopped part-way through registration only get the steps they did.
 * Groups the search attributes already seed (race_type, figure_type,
 * cup_size, tattoo, piercing, the 60-minute price) are left to them.
 */
import { PRICE_ITEM_TYPE } from "../../contract/registration-steps";
import { REGISTER_COMPLETED_STEP, REGISTER_STEP } from "../../contract/users";
import { createRandom } from "./random";
import type { SeedKind } from "./texts";

export interface RegistrationAttributes {
  traits: Array<readonly [string, number]>;
  prices: Array<{ itemType: number; minutes: number | null; name: string | null; priceEur: number; position: number }>;
  schedule: Array<{ day: number; timeFrom: string; timeTo: string; isOverDay: boolean }>;
}

const EXTRAS = ["Dessous nach Wunsch", "Übernachtung", "Rollenspiel", "Zweites Treffen am selben Tag", "Anfahrt außerhalb der Stadt"];

function distinct(rng: ReturnType<typeof createRandom>, pool: readonly number[], count: number): number[] {
  return rng
    .shuffle([...pool])
    .slice(0, count)
    .sort((a, b) => a - b);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function registrationAttributesFor(
  seed: string,
  username: string,
  kind: SeedKind,
  completedStep: number,
  hourlyPriceEur: number | null,
): RegistrationAttributes {
  const rng = createRandom(`${seed}:registration:${username}`);
  const traits: Array<readonly [string, number]> = [];
  const prices: RegistrationAttributes["prices"] = [];
  const schedule: RegistrationAttributes["schedule"] = [];
  const business = kind === "agency" || kind === "club";
  const done = (step: number) => business || completedStep >= REGISTER_COMPLETED_STEP || completedStep >= step;

  if (business) {
    for (const id of distinct(rng, range(1, 23), rng.int(3, 7))) traits.push(["company_service", id]);
    for (const id of distinct(rng, range(1, 20), rng.int(2, 5))) traits.push(["company_room", id]);
    for (const id of distinct(rng, [1, 2], rng.int(1, 2))) traits.push(["languages", id]);
  } else if (done(REGISTER_STEP.profile)) {
    traits.push([
      "relationship_status",
      rng.weighted([
        [1, 55],
        [2, 15],
        [3, 10],
        [4, 8],
        [5, 8],
        [6, 1],
        [7, 3],
      ] as const),
    ]);
    traits.push([
      "sexuality",
      rng.weighted([
        [1, 65],
        [2, 8],
        [3, 18],
        [4, 4],
        [6, 3],
        [7, 2],
      ] as const),
    ]);
    traits.push(["languages", 1]);
    for (const id of distinct(
      rng,
      range(2, 12),
      rng.weighted([
        [0, 40],
        [1, 45],
        [2, 15],
      ] as const),
    ))
      traits.push(["languages", id]);
  }

  if (kind === "escort" && done(REGISTER_STEP.services)) {
    for (const id of distinct(rng, range(101, 136), rng.int(6, 14))) traits.push(["escort_service", id]);
    for (const id of distinct(rng, range(301, 319), rng.int(1, 4))) traits.push(["escort_service", id]);
    if (rng.chance(0.35)) for (const id of distinct(rng, range(401, 427), rng.int(1, 4))) traits.push(["escort_service", id]);
    // The "hard" services (201–211) from a stream of their own, so nobody's other values move: about one escort
    // in four offers some, and the directory's gangbang-bukkake word (group_sex 208, gangbang 209) has profiles.
    const hard = createRandom(`${seed}:registration-hard:${username}`);
    if (hard.chance(0.25)) for (const id of distinct(hard, range(201, 211), hard.int(1, 4))) traits.push(["escort_service", id]);
    for (const id of distinct(rng, [1, 2, 3], rng.int(1, 3))) traits.push(["meeting_option", id]);
    for (const id of distinct(rng, [1, 2, 3, 8], rng.int(1, 3))) traits.push(["customer_type", id]);
    if (hourlyPriceEur) {
      // Half an hour costs a bit more than half, two hours a bit less than double.
      prices.push({
        itemType: PRICE_ITEM_TYPE.time,
        minutes: 30,
        name: null,
        priceEur: Math.round((hourlyPriceEur * 0.6) / 10) * 10,
        position: 1,
      });
      prices.push({
        itemType: PRICE_ITEM_TYPE.time,
        minutes: 120,
        name: null,
        priceEur: Math.round((hourlyPriceEur * 1.8) / 10) * 10,
        position: 3,
      });
      if (rng.chance(0.5))
        prices.push({ itemType: PRICE_ITEM_TYPE.extra, minutes: null, name: rng.pick(EXTRAS), priceEur: rng.int(2, 10) * 10, position: 0 });
    }
  }

  if ((kind === "escort" && done(REGISTER_STEP.availability)) || business) {
    const evenings = kind === "club" || rng.chance(0.5);
    for (const day of distinct(rng, range(1, 7), kind === "club" ? rng.int(4, 6) : rng.int(2, 6))) {
      schedule.push(
        evenings
          ? { day, timeFrom: `${rng.int(18, 21)}:00`, timeTo: `0${rng.int(1, 5)}:00`, isOverDay: true }
          : { day, timeFrom: `${String(rng.int(9, 13)).padStart(2, "0")}:00`, timeTo: `${rng.int(17, 22)}:00`, isOverDay: false },
      );
    }
  }
  return { traits, prices, schedule };
}
