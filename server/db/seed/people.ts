/**
 * Who the demo seed creates, as plain data (no database here). Person i is a
 * pure function of (seed, now, i): a seed of 300 is the first 300 people of a
 * seed of 100,000, and the same input always gives the same people.
 */
import { type MediaVisibility } from "../../contract/media";
import { GENDER, REGISTER_COMPLETED_STEP, REGISTER_STEP, USER_TYPE } from "../../contract/users";
import { sha256 } from "../../lib/crypto";
import type { UserStatus } from "../schema";
import { pointInCity, SEED_CITIES, seedCity, type SeedCity } from "./cities";
import { poolIndicesOf, type PhotoMotif } from "./photos";
import { createDeck, createRandom, deckOf, type Random } from "./random";
import { registrationAttributesFor, type RegistrationAttributes } from "./registration";
import {
  descriptionFor,
  genderGroup,
  nameFor,
  type SeedKind,
  type SeedName,
  statusTextFor,
  type TextLanguage,
  usernameBase,
} from "./texts";

export const DEFAULT_SEED = "velora-demo";
/** Generated people on first start; with the fixed demo accounts about 300 users. */
export const DEFAULT_PROFILES = 295;
export const MAX_PROFILES = 1_000_000;
export const DEMO_EMAIL_DOMAIN = "demo.velora.local";

const DAY = 24 * 60 * 60 * 1000;

export interface PhotoPlan {
  /** A pool image, or the person's own rendered portrait (fixed demo accounts). */
  source: { pool: number } | { portrait: PhotoMotif };
  /** Where a portrait's variants go; pool photos share the pool's files (seed/photo-files.ts). */
  storageKey: string | null;
  visibility: MediaVisibility;
  position: number;
  isAvatar: boolean;
  createdAt: number;
}

export interface PersonPlan {
  kind: SeedKind;
  username: string;
  email: string;
  userType: number;
  gender: number | null;
  salutation: "mr" | "ms" | null;
  birthDate: string | null;
  language: string;
  isMember: boolean;
  memberUntil: number | null;
  emailVerifiedAt: number | null;
  registerCompletedStep: number;
  status: UserStatus;
  createdAt: number;
  updatedAt: number;
  lastLoginAt: number | null;
  profile: {
    displayName: string;
    city: SeedCity;
    lat: number;
    lon: number;
    statusText: string | null;
    description: string | null;
    isVisible: boolean;
    /** What search filters on (measures, traits, hourly price); null for businesses. */
    search: SearchAttributes | null;
  };
  photos: PhotoPlan[];
  /** What the registration steps saved: profile traits, services, prices, schedule (./registration). */
  registration: RegistrationAttributes;
}

export interface SearchAttributes {
  heightCm: number;
  weightKg: number;
  isSmoker: boolean;
  /** Escorts: price per 60 minutes in whole euros (profile_prices item type 1). */
  hourlyPriceEur: number | null;
  /** [trait group, option id] rows for profile_traits. */
  traits: Array<readonly [string, number]>;
}

const FEMALE_LIKE = new Set<number>([GENDER.female, GENDER.trans, GENDER.female_female, GENDER.trans_female]);

/**
 * The attributes search filters and facets use. A random stream of its own
 * (keyed by username), so adding them changed nobody's other seeded values.
 */
export function searchAttributesFor(seed: string, username: string, kind: SeedKind, gender: number): SearchAttributes | null {
  if (kind === "agency" || kind === "club") return null;
  const rng = createRandom(`${seed}:search:${username}`);
  const female = FEMALE_LIKE.has(gender);
  const heightCm = female ? rng.int(152, 182) : rng.int(165, 198);
  const weightKg = Math.round((heightCm - 100) * (female ? rng.float(0.75, 1.05) : rng.float(0.85, 1.2)));
  const traits: Array<readonly [string, number]> = [
    [
      "race_type",
      rng.weighted([
        [1, 60],
        [2, 10],
        [3, 8],
        [4, 6],
        [5, 6],
        [6, 3],
        [7, 5],
        [8, 2],
      ] as const),
    ],
    [
      "figure_type",
      rng.weighted(
        female
          ? ([
              [1, 15],
              [2, 30],
              [3, 20],
              [4, 15],
              [5, 15],
              [6, 5],
            ] as const)
          : ([
              [2, 20],
              [3, 30],
              [4, 25],
              [7, 15],
              [8, 10],
            ] as const),
      ),
    ],
  ];
  if (female)
    traits.push([
      "cup_size",
      rng.weighted([
        [1, 8],
        [2, 20],
        [3, 25],
        [4, 20],
        [5, 12],
        [6, 7],
        [7, 4],
        [8, 2],
        [9, 1],
        [10, 0.5],
        [11, 0.5],
      ] as const),
    ]);
  if (rng.chance(0.3)) traits.push(["tattoo", rng.int(2, 4)]);
  if (rng.chance(0.25)) traits.push(["piercing", rng.int(1, 8)]);
  // Hourly rates cluster at round numbers between 80 and 400 euros.
  const hourlyPriceEur =
    kind === "escort"
      ? rng.weighted([
          [rng.int(8, 10) * 10, 25],
          [rng.int(11, 15) * 10, 35],
          [rng.int(16, 20) * 10, 25],
          [rng.int(21, 40) * 10, 15],
        ] as const)
      : null;
  const isSmoker = rng.chance(0.25);
  // Hair and breast are drawn last, so every value above stayed what it was before they were seeded.
  traits.push([
    "hair_color",
    rng.weighted([
      [1, 25],
      [2, 15],
      [3, 12],
      [4, 20],
      [5, 15],
      [6, 5],
      [7, 3],
      [8, 2],
      [9, 1],
      [10, 2],
    ] as const),
  ]);
  traits.push([
    "hair_length",
    rng.weighted(
      female
        ? ([
            [3, 10],
            [4, 10],
            [5, 30],
            [6, 40],
            [7, 10],
          ] as const)
        : ([
            [1, 10],
            [2, 40],
            [3, 40],
            [4, 10],
          ] as const),
    ),
  ]);
  if (female)
    traits.push([
      "breast_type",
      rng.weighted([
        [1, 75],
        [2, 25],
      ] as const),
    ]);
  return { heightCm, weightKg, isSmoker, hourlyPriceEur, traits };
}

export interface DemoAccount {
  username: string;
  email: string;
  userType: number;
  gender: number;
  /** City name as displayed. */
  city: string;
  citySlug: string;
  kind: SeedKind;
  displayName: string;
  /** Plus membership running well past the seed date. */
  isMember: boolean;
}

/** The accounts the README lists; all share DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  demoAccount("demo_client", "client", "client", GENDER.male, "berlin", "Max", false),
  demoAccount("demo_escort", "escort", "escort", GENDER.female, "berlin", "Lena", false),
  demoAccount("demo_agency", "agency", "agency", GENDER.female, "hamburg", "Escortagentur Elbnacht", false),
  demoAccount("demo_club", "club", "club", GENDER.female, "berlin", "Club Mondschein", false),
  demoAccount("demo_member", "member", "client", GENDER.male, "muenchen", "Jonas", true),
];

function demoAccount(
  username: string,
  mailbox: string,
  kind: SeedKind,
  gender: number,
  citySlug: string,
  displayName: string,
  isMember: boolean,
): DemoAccount {
  return {
    username,
    email: `${mailbox}@${DEMO_EMAIL_DOMAIN}`,
    userType: kind === "client" ? USER_TYPE.client : kind === "escort" ? USER_TYPE.escort : USER_TYPE.business,
    gender,
    city: seedCity(citySlug).name,
    citySlug,
    kind,
    displayName,
    isMember,
  };
}

function userTypeOf(kind: SeedKind): number {
  return kind === "client" ? USER_TYPE.client : kind === "escort" ? USER_TYPE.escort : USER_TYPE.business;
}

function salutationOf(kind: SeedKind, gender: number): "mr" | "ms" | null {
  if (kind === "agency" || kind === "club") return null;
  return gender === GENDER.male || gender === GENDER.male_male || gender === GENDER.trans_male ? "mr" : "ms";
}

/** A birth date that makes the person exactly `age` years old at `now`. */
function birthDateFor(now: number, age: number, dayOffset: number): string {
  const today = new Date(now);
  const birthday = Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()) - dayOffset * DAY;
  return new Date(birthday).toISOString().slice(0, 10);
}

/** Deterministic, unguessable-looking variant-set keys, fanned out over 256 directories. */
export function storageKeyFor(seed: string, username: string, position: number): string {
  const hash = sha256(`${seed}:${username}:${position}`).slice(0, 32);
  return `media/${hash.slice(0, 2)}/${hash}`;
}

type VisibilityWeights = readonly (readonly [MediaVisibility, number])[];
const GALLERY_VISIBILITY: VisibilityWeights = [
  ["public", 75],
  ["logged_in", 10],
  ["plus_member", 8],
  ["fsk18", 7],
];
const BUSINESS_VISIBILITY: VisibilityWeights = [
  ["public", 85],
  ["logged_in", 10],
  ["plus_member", 5],
];
// Spec section 6: clients may only choose logged_in and plus for their media.
const CLIENT_VISIBILITY: VisibilityWeights = [
  ["logged_in", 70],
  ["plus_member", 30],
];

// Every block of 40 generated people: 22 escorts (15 women, 2 men, 2 trans,
// 3 couples), 12 clients, 4 agencies, 2 clubs.
type Role = "escort:female" | "escort:male" | "escort:trans" | "escort:couple" | "client" | "agency" | "club";
const ROLE_DECK = deckOf<Role>([
  ["escort:female", 15],
  ["escort:male", 2],
  ["escort:trans", 2],
  ["escort:couple", 3],
  ["client", 12],
  ["agency", 4],
  ["club", 2],
]);
const CITY_DECK = deckOf(SEED_CITIES.map((city) => [city, city.share] as const));
const COUPLE_GENDERS = [
  [GENDER.couple_female_male, 40],
  [GENDER.female_female, 25],
  [GENDER.male_male, 15],
  [GENDER.trans_female, 10],
  [GENDER.trans_male, 5],
  [GENDER.trans_trans, 5],
] as const;
const CLIENT_GENDERS = [
  [GENDER.male, 84],
  [GENDER.female, 7],
  [GENDER.trans, 3],
  [GENDER.couple_female_male, 4],
  [GENDER.male_male, 2],
] as const;

interface Basics {
  kind: SeedKind;
  gender: number;
  city: SeedCity;
  language: TextLanguage | "es" | "pl";
  age: number | null;
}

function textsFor(rng: Random, basics: Basics, name: SeedName, now: number, texts: "none" | "some" | "all") {
  if (texts === "none") return { statusText: null, description: null };
  const others = SEED_CITIES.filter((c) => c !== basics.city);
  const textLanguage: TextLanguage = basics.language === "en" && genderGroup(basics.gender) !== "couple" ? "en" : "de";
  const ctx = {
    kind: basics.kind,
    gender: basics.gender,
    language: textLanguage,
    name,
    age: basics.age ?? 30,
    city: basics.city,
    otherCity: rng.pick(others),
    year: new Date(now).getUTCFullYear(),
  };
  const business = basics.kind === "agency" || basics.kind === "club";
  const all = texts === "all" || business;
  const statusText = all || rng.chance(0.75) ? statusTextFor(rng, ctx) : null;
  const description =
    all || basics.kind === "escort" || rng.chance(0.6) ? descriptionFor(rng, ctx, rng.int(business ? 500 : 250, 1600)) : null;
  return { statusText, description };
}

function photosFor(
  rng: Random,
  seed: string,
  username: string,
  basics: Basics,
  createdAt: number,
  count: number,
  portrait: PhotoMotif | null,
): PhotoPlan[] {
  const motif: PhotoMotif = basics.kind === "club" ? "venue" : genderGroup(basics.gender) === "couple" ? "couple" : "single";
  // Agencies open with their premises, then show the people they introduce.
  const galleryMotif: PhotoMotif = basics.kind === "agency" ? "single" : motif;
  const avatarMotif: PhotoMotif = basics.kind === "agency" ? "venue" : motif;
  const gallery = rng.shuffle(poolIndicesOf(galleryMotif));
  const avatarPool = rng.pick(poolIndicesOf(avatarMotif));
  const weights = basics.kind === "client" ? CLIENT_VISIBILITY : basics.kind === "escort" ? GALLERY_VISIBILITY : BUSINESS_VISIBILITY;
  return Array.from({ length: count }, (_, position) => {
    const isAvatar = position === 0;
    // The avatar is what search tiles show: public, except for clients.
    const visibility: MediaVisibility = isAvatar && basics.kind !== "client" ? "public" : rng.weighted(weights);
    const source: PhotoPlan["source"] =
      isAvatar && portrait ? { portrait } : { pool: isAvatar ? avatarPool : (gallery[(position - 1) % gallery.length] as number) };
    return {
      source,
      storageKey: "portrait" in source ? storageKeyFor(seed, username, position) : null,
      visibility,
      position,
      isAvatar,
      createdAt: createdAt + (position + 1) * 60_000,
    };
  });
}

/** The planner for generated person i. */
export function createPersonPlanner(seed: string, now: number) {
  const roleAt = createDeck(`${seed}:roles`, ROLE_DECK);
  const cityAt = createDeck(`${seed}:cities`, CITY_DECK);

  return (index: number): PersonPlan => {
    const rng = createRandom(`${seed}:person:${index}`);
    const role = roleAt(index);
    const city = cityAt(index);
    const kind: SeedKind = role.startsWith("escort:") ? "escort" : (role as SeedKind);
    const gender: number =
      role === "escort:female"
        ? GENDER.female
        : role === "escort:male"
          ? GENDER.male
          : role === "escort:trans"
            ? GENDER.trans
            : role === "escort:couple"
              ? rng.weighted(COUPLE_GENDERS)
              : role === "client"
                ? rng.weighted(CLIENT_GENDERS)
                : role === "agency"
                  ? rng.weighted([
                      [GENDER.female, 80],
                      [GENDER.male, 10],
                      [GENDER.trans, 10],
                    ] as const)
                  : GENDER.female;
    const business = kind === "agency" || kind === "club";
    const language = business
      ? "de"
      : rng.weighted<Basics["language"]>(
          kind === "escort"
            ? [
                ["de", 85],
                ["en", 10],
                ["es", 2.5],
                ["pl", 2.5],
              ]
            : [
                ["de", 90],
                ["en", 6],
                ["es", 2],
                ["pl", 2],
              ],
        );
    const age = business
      ? null
      : kind === "escort"
        ? rng.weighted([
            [rng.int(19, 24), 35],
            [rng.int(25, 32), 45],
            [rng.int(33, 45), 20],
          ])
        : rng.int(22, 68);
    const basics: Basics = { kind, gender, city, language, age };

    const name = nameFor(rng, kind, gender, city);
    const username = `${usernameBase(name.displayName)}_${index + 1}`;

    const createdAt = now - rng.int(1, 900) * DAY - rng.int(0, 86_399) * 1000;
    const updatedAt = createdAt + Math.floor(rng.next() * (now - createdAt));
    const lastLoginAt = rng.chance(0.1)
      ? null
      : now - Math.floor(rng.next() * Math.min(now - createdAt, (rng.chance(0.8) ? 30 : 365) * DAY));

    // A few individuals stopped part-way through registration (steps of spec section 2).
    const registerCompletedStep =
      !business && rng.chance(0.04) ? rng.int(REGISTER_STEP["sign-up"], REGISTER_STEP.availability) : REGISTER_COMPLETED_STEP;
    const completed = registerCompletedStep === REGISTER_COMPLETED_STEP;
    const emailVerifiedAt = rng.chance(completed ? 0.96 : 0.4) ? createdAt + rng.int(1, 120) * 60_000 : null;
    const status: UserStatus = rng.weighted([
      ["active", 95],
      ["paused", 3],
      ["deactivated", 2],
    ] as const);
    const isVisible = !rng.chance(0.06);

    let isMember = false;
    let memberUntil: number | null = null;
    if (kind === "client") {
      const roll = rng.next();
      if (roll < 0.12) {
        isMember = true;
        memberUntil = now + rng.int(5, 330) * DAY;
      } else if (roll < 0.17) {
        memberUntil = now - rng.int(1, 200) * DAY; // lapsed membership
      }
    }

    const point = pointInCity(city, rng.next(), rng.next());
    const texts = textsFor(rng, basics, name, now, registerCompletedStep >= REGISTER_STEP.profile ? "some" : "none");
    const photoCount =
      registerCompletedStep < REGISTER_STEP.photo
        ? 0
        : kind === "client"
          ? rng.chance(0.5)
            ? 1
            : 0
          : kind === "escort"
            ? rng.int(2, 5)
            : rng.int(2, 4);

    return {
      kind,
      username,
      email: `${username}@${DEMO_EMAIL_DOMAIN}`,
      userType: userTypeOf(kind),
      gender,
      salutation: salutationOf(kind, gender),
      birthDate: age === null ? null : birthDateFor(now, age, rng.int(0, 364)),
      language,
      isMember,
      memberUntil,
      emailVerifiedAt,
      registerCompletedStep,
      status,
      createdAt,
      updatedAt,
      lastLoginAt,
      profile: {
        displayName: name.displayName,
        city,
        ...point,
        ...texts,
        isVisible,
        search: searchAttributesFor(seed, username, kind, gender),
      },
      photos: photosFor(rng, seed, username, basics, createdAt, photoCount, null),
      // searchAttributesFor is pure: calling it again gives the hourly price the profile got.
      registration: registrationAttributesFor(
        seed,
        username,
        kind,
        registerCompletedStep,
        searchAttributesFor(seed, username, kind, gender)?.hourlyPriceEur ?? null,
      ),
    };
  };
}

/** The fixed demo accounts: complete, verified, active, visible, with their own portrait. */
export function planDemoAccounts(seed: string, now: number): PersonPlan[] {
  return DEMO_ACCOUNTS.map((account) => {
    const rng = createRandom(`${seed}:demo:${account.username}`);
    const city = seedCity(account.citySlug);
    const business = account.kind === "agency" || account.kind === "club";
    const age = business ? null : account.kind === "escort" ? 27 : 38;
    const basics: Basics = { kind: account.kind, gender: account.gender, city, language: "de", age };
    const name: SeedName = { displayName: account.displayName, callName: account.displayName };
    const createdAt = now - 120 * DAY;
    const photoCount = account.kind === "client" ? 1 : account.kind === "escort" ? 5 : 4;
    const photos = photosFor(
      rng,
      seed,
      account.username,
      basics,
      createdAt,
      photoCount,
      account.kind === "club" || account.kind === "agency" ? "venue" : "single",
    );
    if (account.kind === "escort") {
      // One photo of each visibility tier, to exercise the visibility rules.
      const tiers: MediaVisibility[] = ["public", "public", "logged_in", "plus_member", "fsk18"];
      photos.forEach((photo, i) => (photo.visibility = tiers[i] ?? "public"));
    }
    if (account.kind === "client") photos.forEach((photo) => (photo.visibility = account.isMember ? "plus_member" : "logged_in"));
    return {
      kind: account.kind,
      username: account.username,
      email: account.email,
      userType: account.userType,
      gender: account.gender,
      salutation: salutationOf(account.kind, account.gender),
      birthDate: age === null ? null : birthDateFor(now, age, rng.int(0, 364)),
      language: "de",
      isMember: account.isMember,
      memberUntil: account.isMember ? now + 365 * DAY : null,
      emailVerifiedAt: createdAt + 10 * 60_000,
      registerCompletedStep: REGISTER_COMPLETED_STEP,
      status: "active",
      createdAt,
      updatedAt: now - DAY,
      lastLoginAt: null,
      profile: {
        displayName: account.displayName,
        city,
        ...pointInCity(city, rng.next(), rng.next()),
        ...textsFor(rng, basics, name, now, "all"),
        isVisible: true,
        search: searchAttributesFor(seed, account.username, account.kind, account.gender),
      },
      photos,
      registration: registrationAttributesFor(
        seed,
        account.username,
        account.kind,
        REGISTER_COMPLETED_STEP,
        searchAttributesFor(seed, account.username, account.kind, account.gender)?.hourlyPriceEur ?? null,
      ),
    };
  });
}
