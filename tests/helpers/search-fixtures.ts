/**
 * Listed profiles for search tests: a user row, a profile at a given point,
 * optionally an hourly price, traits and an avatar.
 */
import { KM_PER_DEGREE } from "#server/contract/geo";
import { USER_TYPE } from "#server/contract/users";
import type { UserStatus } from "#server/db/schema";
import { randomBytes } from "node:crypto";
import { passwordHashOf, type TestRuntime } from "./runtime";

const PASSWORD = "correct-horse-1";
let counter = 0;

async function insertUser(rt: TestRuntime, userType: number) {
  counter += 1;
  const username = `s_${counter}_${randomBytes(3).toString("hex")}`;
  const now = rt.clock.now();
  const row = await rt.deps.db
    .insertInto("users")
    .values({
      username,
      username_key: username.toLowerCase(),
      email: `${username}@example.test`,
      email_key: `${username}@example.test`,
      password_hash: await passwordHashOf(PASSWORD),
      user_type: userType,
      gender: 2,
      salutation: null,
      birth_date: null,
      language: "de",
      member_until: null,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
      last_login_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, username, password: PASSWORD };
}

export const BERLIN = { lat: 52.52437, lon: 13.41053 };

/** A point `km` north of the origin (distance along a meridian is exact on the server's sphere). */
export function northOf(origin: { lat: number; lon: number }, km: number) {
  return { lat: origin.lat + km / KM_PER_DEGREE, lon: origin.lon };
}

export interface ProfileOptions {
  userType?: number;
  gender?: number;
  age?: number;
  point?: { lat: number; lon: number };
  cityId?: number;
  citySlug?: string;
  regionCode?: string;
  countryCode?: string;
  price?: number;
  weightKg?: number;
  heightCm?: number;
  traits?: Array<[string, number]>;
  isVisible?: boolean;
  status?: UserStatus;
  registerStep?: number;
  isMember?: boolean;
  lastLoginAt?: number | null;
  displayName?: string;
  avatar?: boolean;
  membersOnly?: boolean;
}

function birthDate(now: number, age: number): string {
  const d = new Date(now);
  // Mid-year birthday, safely `age` years old.
  return new Date(Date.UTC(d.getUTCFullYear() - age, d.getUTCMonth(), d.getUTCDate()) - 40 * 86_400_000).toISOString().slice(0, 10);
}

export async function createProfile(rt: TestRuntime, options: ProfileOptions = {}) {
  const user = await insertUser(rt, options.userType ?? USER_TYPE.escort);
  const now = rt.clock.now();
  const db = rt.deps.db;
  await db
    .updateTable("users")
    .set({
      gender: options.gender ?? 2,
      birth_date: birthDate(now, options.age ?? 27),
      status: options.status ?? "active",
      register_completed_step: options.registerStep ?? 10,
      is_member: options.isMember ? 1 : 0,
      member_until: options.isMember ? now + 30 * 86_400_000 : null,
      last_login_at: options.lastLoginAt === undefined ? now - 3_600_000 : options.lastLoginAt,
    })
    .where("id", "=", user.id)
    .execute();
  const point = options.point ?? BERLIN;
  await db
    .insertInto("profiles")
    .values({
      user_id: user.id,
      display_name: options.displayName ?? user.username,
      city_name: "Berlin",
      city_slug: options.citySlug ?? "berlin",
      city_id: options.cityId ?? 2950159,
      region_code: options.regionCode ?? "16",
      country_code: options.countryCode ?? "DE",
      lat: point.lat,
      lon: point.lon,
      is_visible: options.isVisible === false ? 0 : 1,
      members_only: options.membersOnly ? 1 : 0,
      weight_kg: options.weightKg ?? null,
      height_cm: options.heightCm ?? null,
      updated_at: now,
    })
    .execute();
  if (options.price !== undefined) {
    await db
      .insertInto("profile_prices")
      .values({ user_id: user.id, item_type: 1, duration_minutes: 60, name: null, price_eur: options.price, position: 0 })
      .execute();
  }
  for (const [group_key, option_id] of options.traits ?? []) {
    await db.insertInto("profile_traits").values({ user_id: user.id, group_key, option_id }).execute();
  }
  if (options.avatar) {
    await db
      .insertInto("media")
      .values({
        user_id: user.id,
        kind: "photo",
        visibility: "public",
        status: 1,
        storage_key: `test/${user.username}`,
        mime_type: "image/jpeg",
        width: 600,
        height: 800,
        variant_widths: "160,320,600",
        bytes: 10,
        position: 0,
        is_avatar: 1,
        created_at: now,
      })
      .execute();
  }
  return user;
}

export async function block(rt: TestRuntime, blockerId: number, blockedId: number) {
  await rt.deps.db.insertInto("blocks").values({ blocker_id: blockerId, blocked_id: blockedId, created_at: rt.clock.now() }).execute();
}
