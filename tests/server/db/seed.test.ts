import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DATE_OPEN_SENT_MAX, DATE_OPEN_STATUSES, DATE_REQUESTS_PER_DAY } from "#server/contract/dates";
import { MEDIA_STATUS } from "#server/contract/media";
import { REVIEW_CRITERIA, type ReviewedParty } from "#server/contract/reviews";
import { SEO_CATEGORY_WORDS } from "#server/contract/seo";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { SEED_CITIES } from "#server/db/seed/cities";
import {
  DEFAULT_PROFILES,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_STAFF_ACCOUNTS,
  isDatabaseEmpty,
  seedDemoData,
  type SeedResult,
} from "#server/db/seed/index";
import { resetDemoData } from "#server/db/seed/reset";
import { createLocalMediaStorage } from "#server/integrations/storage/local";
import { stageOf } from "#server/modules/date-stages/index";
import { storageKeysOf } from "#server/modules/media/images";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const DAY_MS = 24 * 60 * 60 * 1000;

interface Seeded {
  rt: TestRuntime;
  mediaDir: string;
  result: SeedResult;
}

async function seededRuntime(): Promise<Seeded> {
  const rt = await createTestRuntime();
  const mediaDir = await mkdtemp(join(tmpdir(), "velora-seed-"));
  const result = await seedDemoData({ db: rt.deps.db, clock: rt.clock, config: { ...rt.deps.config, mediaDir } });
  return { rt, mediaDir, result };
}

async function dispose(seeded: Seeded | undefined) {
  if (!seeded) return;
  await seeded.rt.close();
  await rm(seeded.mediaDir, { recursive: true, force: true });
}

/** Everything a person is made of, keyed by username (ids may differ between databases). */
async function snapshot(rt: TestRuntime) {
  const people = await rt.deps.db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select([
      "users.username",
      "users.email",
      "users.user_type",
      "users.gender",
      "users.birth_date",
      "users.status",
      "users.is_member",
      "users.member_until",
      "users.created_at",
      "profiles.display_name",
      "profiles.city_slug",
      "profiles.lat",
      "profiles.lon",
      "profiles.status_text",
      "profiles.description",
      "profiles.is_visible",
    ])
    .orderBy("users.username")
    .execute();
  const media = await rt.deps.db
    .selectFrom("media")
    .innerJoin("users", "users.id", "media.user_id")
    .select(["users.username", "media.storage_key", "media.visibility", "media.position", "media.is_avatar", "media.bytes"])
    .orderBy("media.storage_key")
    .execute();
  const dates = await rt.deps.db
    .selectFrom("dates")
    .innerJoin("users as sender", "sender.id", "dates.sender_id")
    .innerJoin("users as receiver", "receiver.id", "dates.receiver_id")
    .select(["sender.username as sender", "receiver.username as receiver", "dates.status", "dates.starts_at", "dates.price"])
    .orderBy("dates.id")
    .execute();
  const reviews = await rt.deps.db
    .selectFrom("date_reviews")
    .innerJoin("users", "users.id", "date_reviews.author_id")
    .select(["users.username", "date_reviews.rating", "date_reviews.text", "date_reviews.published_at", "date_reviews.comment"])
    .orderBy("date_reviews.id")
    .execute();
  return { people, media, dates, reviews };
}

async function countOf(
  rt: TestRuntime,
  table: "users" | "profiles" | "media" | "access_tokens" | "rate_counters" | "mail_outbox" | "search_profiles" | "jobs",
) {
  const row = await rt.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe(`demo seed (${TEST_DB})`, () => {
  let first: Seeded;
  let second: Seeded | undefined;

  beforeAll(async () => {
    first = await seededRuntime();
  }, 120_000);
  afterAll(async () => {
    await dispose(first);
    await dispose(second);
  });

  it("creates about 300 users: the demo accounts and the default generated profiles", async () => {
    expect(first.result.users).toBe(DEMO_ACCOUNTS.length + DEFAULT_PROFILES);
    // And the back office's team and backend accounts, which have no profile (ADR 030).
    expect(await countOf(first.rt, "users")).toBe(first.result.users + DEMO_STAFF_ACCOUNTS.length);
    expect(await countOf(first.rt, "profiles")).toBe(first.result.users);
    const staff = await first.rt.deps.db
      .selectFrom("users")
      .leftJoin("profiles", "profiles.user_id", "users.id")
      .select(["users.username", "users.user_type", "users.status", "profiles.user_id as profile"])
      .where("users.user_type", "in", [USER_TYPE.team, USER_TYPE.backend])
      .orderBy("users.username")
      .execute();
    expect(staff).toEqual([
      { username: "demo_backend", user_type: USER_TYPE.backend, status: "active", profile: null },
      { username: "demo_team", user_type: USER_TYPE.team, status: "active", profile: null },
    ]);
    expect(await countOf(first.rt, "media")).toBe(first.result.media);
    expect(await isDatabaseEmpty(first.rt.deps.db)).toBe(false);
  });

  it("lets every demo account log in, complete and verified; demo_member is a plus member", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { status, body } = await login(first.rt, account.username, DEMO_PASSWORD);
      expect(status, account.username).toBe(200);
      const response = await first.rt.request("/api/v2/user/data", { token: String(body.access_token) });
      const { data } = (await response.json()) as {
        data: {
          username: string;
          is_member: boolean;
          is_email_verified: boolean;
          registration_completed_at: number | null;
          profile: { user_type: number };
        };
      };
      expect(data.username).toBe(account.username);
      expect(data.profile.user_type).toBe(account.userType);
      expect(data.is_email_verified).toBe(true);
      expect(data.registration_completed_at).not.toBeNull();
      expect(data.is_member).toBe(account.isMember);
    }
    const member = await first.rt.deps.db
      .selectFrom("users")
      .select(["is_member", "member_until"])
      .where("username", "=", "demo_member")
      .executeTakeFirstOrThrow();
    expect(member.is_member).toBe(1);
    expect(member.member_until).toBeGreaterThan(first.rt.clock.now());
    // E-mail works as the login name too.
    expect((await login(first.rt, DEMO_ACCOUNTS[1]!.email, DEMO_PASSWORD)).status).toBe(200);
    expect((await login(first.rt, "demo_client", "wrong-password-1")).status).toBe(400);
  });

  it("has people of every user type, escort gender and city, most in Berlin", async () => {
    const { db } = first.rt.deps;
    const types = await db
      .selectFrom("users")
      .select(["user_type", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("user_type")
      .execute();
    const perType = new Map(types.map((t) => [t.user_type, Number(t.n)]));
    for (const type of [USER_TYPE.client, USER_TYPE.escort, USER_TYPE.business]) expect(perType.get(type) ?? 0).toBeGreaterThan(0);
    expect(first.result.byKind.agency).toBeGreaterThan(0);
    expect(first.result.byKind.club).toBeGreaterThan(0);
    // Every business says what it is; individuals have no kind.
    const kinds = await db.selectFrom("users").select(["username", "user_type", "business_kind"]).execute();
    for (const row of kinds)
      expect(row.business_kind, row.username).toEqual(
        row.user_type === USER_TYPE.business ? expect.stringMatching(/^(agency|club)$/) : null,
      );
    expect(kinds.find((r) => r.username === "demo_agency")?.business_kind).toBe("agency");
    expect(kinds.find((r) => r.username === "demo_club")?.business_kind).toBe("club");

    const escortGenders = await db.selectFrom("users").select("gender").distinct().where("user_type", "=", USER_TYPE.escort).execute();
    const genders = escortGenders.map((g) => g.gender ?? 0);
    for (const gender of [GENDER.female, GENDER.male, GENDER.trans]) expect(genders).toContain(gender);
    expect(genders.some((g) => g >= GENDER.female_female)).toBe(true);

    const cities = await db
      .selectFrom("profiles")
      .select(["city_slug", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("city_slug")
      .execute();
    const perCity = new Map(cities.map((c) => [c.city_slug, Number(c.n)]));
    for (const city of SEED_CITIES) expect(perCity.get(city.slug) ?? 0, city.slug).toBeGreaterThan(0);
    expect(perCity.get("berlin")).toBe(Math.max(...perCity.values()));
    const outside = await db
      .selectFrom("profiles")
      .select("user_id")
      .where((eb) => eb.or([eb("lat", "is", null), eb("lon", "is", null)]))
      .execute();
    expect(outside).toEqual([]);
  });

  it("includes invisible, paused and deactivated profiles for the visibility rules", async () => {
    const { db } = first.rt.deps;
    const hidden = await db.selectFrom("profiles").select("user_id").where("is_visible", "=", 0).execute();
    expect(hidden.length).toBeGreaterThan(0);
    const statuses = await db.selectFrom("users").select("status").distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(["active", "deactivated", "paused"]);
  });

  it("gives the demo escort and businesses 90 days of profile views before today, nobody else (ADR 033)", async () => {
    const { db } = first.rt.deps;
    const rows = await db
      .selectFrom("profile_view_days")
      .innerJoin("users", "users.id", "profile_view_days.user_id")
      .select(["users.username", "profile_view_days.day", "profile_view_days.views"])
      .execute();
    expect([...new Set(rows.map((row) => row.username))].sort()).toEqual(["demo_agency", "demo_club", "demo_escort"]);
    const escort = rows.filter((row) => row.username === "demo_escort");
    expect(escort).toHaveLength(90);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(first.rt.clock.now());
    expect(escort.every((row) => row.day < today && row.views > 0)).toBe(true);
  });

  it("gives some listed escorts the badges the popular filters select (verified, hot, safer sex, available now)", async () => {
    const { db } = first.rt.deps;
    const now = first.rt.clock.now();
    const escorts = await db
      .selectFrom("search_profiles")
      .select(["verified", "user_id"])
      .where("user_type", "=", USER_TYPE.escort)
      .execute();
    const badges = await db
      .selectFrom("profiles")
      .select(["is_hot", "safe_sex_status", "available_now_until", "verified_at"])
      .where(
        "user_id",
        "in",
        escorts.map((e) => e.user_id),
      )
      .execute();
    const share = (pick: (b: (typeof badges)[number]) => boolean) => badges.filter(pick).length / badges.length;
    expect(share((b) => b.verified_at !== null)).toBeGreaterThan(0.2);
    expect(share((b) => b.is_hot === 1)).toBeGreaterThan(0.03);
    expect(share((b) => b.safe_sex_status === 1)).toBeGreaterThan(0.2);
    expect(badges.some((b) => b.available_now_until !== null && Number(b.available_now_until) > now)).toBe(true);
    // Search sees the same badge (search_profiles is kept by triggers).
    expect(escorts.filter((e) => e.verified === 1).length).toBe(badges.filter((b) => b.verified_at !== null).length);
  });

  it("stores every variant of every media row (AVIF, WebP, JPEG per width) without EXIF, sharing the pool's files", async () => {
    const storage = createLocalMediaStorage(first.mediaDir);
    const rows = await first.rt.deps.db.selectFrom("media").selectAll().orderBy("id").execute();
    expect(rows.length).toBeGreaterThan(first.result.users);
    const checked = new Set<string>();
    for (const row of rows) {
      // Accepted, but for a few new photos that wait in the back office's queue (ADR 030).
      expect([MEDIA_STATUS.accepted, MEDIA_STATUS.pending]).toContain(row.status);
      expect(row.kind).toBe("photo");
      expect(row.is_avatar).toBe(row.position === 0 ? 1 : 0);
      expect(row.variant_widths).toBe("160,320,600");
      expect(row.public_id).toMatch(/^[0-9a-f]{32}$/);
      if (checked.has(row.storage_key)) continue;
      checked.add(row.storage_key);
      let bytes = 0;
      for (const key of storageKeysOf(row)) {
        const path = storage.pathOf(key);
        bytes += (await stat(path)).size;
        const meta = await sharp(path).metadata();
        const [width, ext] = key.split("/").pop()!.split(".");
        expect(meta.format === "heif" ? "avif" : meta.format === "jpeg" ? "jpg" : meta.format).toBe(ext);
        expect(meta.width).toBe(Number(width));
        expect(meta.height).toBe(Math.round((Number(width) * row.height) / row.width));
        expect(meta.exif).toBeUndefined();
      }
      expect(bytes).toBe(row.bytes);
    }
    const waiting = rows.filter((r) => r.status === MEDIA_STATUS.pending);
    expect(waiting.length).toBe(3);
    expect(waiting.every((r) => r.is_avatar === 0)).toBe(true);
    const waitingTexts = await first.rt.deps.db.selectFrom("profile_text_changes").select(["field", "status"]).execute();
    expect(waitingTexts).toEqual(Array.from({ length: 3 }, () => ({ field: "status", status: 0 })));
    // 741 rows, but only the rendered photos' files: the pool and the demo portraits.
    expect(checked.size).toBe(first.result.renderedPhotos);
    // private: the bundles part's exclusive photos (issue 28, ADR 092), shown to the bundles' buyers alone.
    expect(new Set(rows.map((r) => r.visibility))).toEqual(new Set(["public", "logged_in", "plus_member", "fsk18", "private"]));
    const avatars = rows.filter((r) => r.is_avatar === 1).map((r) => r.user_id);
    expect(new Set(avatars).size).toBe(avatars.length);
  });

  it("gives the demo accounts dates in every stage and mutual published reviews; search sees the counts (issue 13)", async () => {
    const { db } = first.rt.deps;
    const now = first.rt.clock.now();
    const ids = new Map(
      (await db.selectFrom("users").select(["id", "username"]).where("username", "like", "demo_%").execute()).map((u) => [
        u.username,
        u.id,
      ]),
    );
    const dates = await db.selectFrom("dates").selectAll().execute();
    const reviews = await db.selectFrom("date_reviews").selectAll().execute();
    const reviewed = new Set(reviews.map((r) => `${r.date_id}:${r.author_id}`));
    const stagesOf = (username: string) => {
      const id = ids.get(username)!;
      return new Set(
        dates
          .filter((d) => d.sender_id === id || d.receiver_id === id)
          .map((d) => stageOf({ ...d, starts_at: Number(d.starts_at) } as never, id, now, reviewed.has(`${d.id}:${id}`))),
      );
    };
    expect([...stagesOf("demo_client")].sort()).toEqual(
      ["cancelled", "completed", "expired", "needs_confirmation", "needs_review", "rejected", "upcoming", "waiting_for_response"].sort(),
    );
    expect(stagesOf("demo_escort")).toEqual(new Set(["completed", "needs_confirmation", "upcoming"]));
    // Every published review has its twin (both wrote) and a rating for each criterion of the reviewed party.
    const published = reviews.filter((r) => r.published_at !== null);
    expect(published.length).toBeGreaterThan(40);
    for (const r of published) expect(published.some((o) => o.date_id === r.date_id && o.author_id === r.subject_id)).toBe(true);
    expect(reviews.filter((r) => r.published_at === null)).toHaveLength(1);
    const ratings = await db.selectFrom("date_review_ratings").select(["review_id"]).execute();
    for (const r of reviews)
      expect(ratings.filter((x) => x.review_id === r.id)).toHaveLength(REVIEW_CRITERIA[r.party as ReviewedParty].length);
    expect(reviews.find((r) => r.subject_id === ids.get("demo_club"))?.party).toBe("business");
    expect(published.some((r) => r.subject_id === ids.get("demo_escort") && r.comment !== null)).toBe(true);
    // The counters the reviews module keeps, and search's copy of them.
    const counted = await db
      .selectFrom("profiles")
      .innerJoin("search_profiles", "search_profiles.user_id", "profiles.user_id")
      .select(["profiles.user_id", "profiles.review_count", "search_profiles.review_count as search_count"])
      .where("profiles.review_count", ">", 0)
      .execute();
    for (const row of counted) {
      expect(row.review_count).toBe(published.filter((r) => r.subject_id === row.user_id).length);
      expect(row.search_count).toBe(row.review_count);
    }
    expect(counted.filter((row) => row.user_id !== ids.get("demo_escort")).length).toBeGreaterThan(20);
    expect(counted.some((row) => row.user_id === ids.get("demo_escort"))).toBe(true);
  });

  it("demonstrates: every directory word lists profiles, demo_client may still ask for a date, texts agree (issue 25)", async () => {
    const { db } = first.rt.deps;
    const now = first.rt.clock.now();
    for (const category of SEO_CATEGORY_WORDS) {
      const response = await first.rt.request(`/api/v2/seo/directory?category=${category}&country=deutschland`);
      expect(response.status, category).toBe(200);
      const { data } = (await response.json()) as { data: { profiles: unknown[] } };
      expect(data.profiles.length, category).toBeGreaterThan(0);
    }
    // The date request limits (dates service): nothing seeded counts against a newcomer trying "Date anfragen".
    const client = await db.selectFrom("users").select("id").where("username", "=", "demo_client").executeTakeFirstOrThrow();
    const sent = await db.selectFrom("dates").selectAll().where("sender_id", "=", client.id).execute();
    expect(sent.filter((d) => Number(d.created_at) > now - DAY_MS).length).toBeLessThan(DATE_REQUESTS_PER_DAY);
    const openSent = sent.filter((d) => DATE_OPEN_STATUSES.includes(d.status) && Number(d.starts_at) > now);
    expect(openSent.length).toBeLessThan(DATE_OPEN_SENT_MAX);
    // Reviews say what their answers say.
    for (const review of await db.selectFrom("date_reviews").selectAll().execute()) {
      if (review.come_again === 0) expect(review.text).not.toMatch(/wieder|willkommen/i);
      if (review.recommend === 0) expect(review.text).not.toMatch(/Empfehlung/);
      if (review.punctuality !== "on_time") expect(review.text).not.toMatch(/pünktlich/);
    }
    // A tour is spoken of only by someone who has one.
    const touring = new Set((await db.selectFrom("tours").select("user_id").execute()).map((t) => t.user_id));
    expect(touring.size).toBeGreaterThan(0);
    const profiles = await db.selectFrom("profiles").select(["user_id", "status_text", "description"]).execute();
    for (const p of profiles)
      if (/\btour/i.test(`${p.status_text ?? ""} ${p.description ?? ""}`)) expect(touring.has(p.user_id)).toBe(true);
    const messages = await db.selectFrom("messenger_messages").select(["sender_id", "body"]).execute();
    for (const m of messages) if (/\btour/i.test(m.body)) expect(touring.has(m.sender_id)).toBe(true);
  });

  it("produces the same people, places and photos when seeded again into a fresh database", async () => {
    // Rendered afresh, not copied from the cache of rendered photos: the same bytes either way.
    vi.stubEnv("SEED_PHOTO_CACHE", "off");
    second = await seededRuntime().finally(() => vi.unstubAllEnvs());
    const [a, b] = await Promise.all([snapshot(first.rt), snapshot(second.rt)]);
    expect(b.people).toEqual(a.people);
    expect(b.media).toEqual(a.media);
    expect(b.dates).toEqual(a.dates);
    expect(b.reviews).toEqual(a.reviews);
    expect(a.people.length).toBe(first.result.users);
    // Same bytes for the same key: the photos are deterministic too.
    const digest = async (dir: string, key: string) =>
      createHash("sha256")
        .update(await readFile(join(dir, key)))
        .digest("hex");
    for (const row of a.media.slice(0, 20)) {
      for (const key of storageKeysOf({ storage_key: row.storage_key, variant_widths: "160,320,600" })) {
        expect(await digest(second.mediaDir, key)).toBe(await digest(first.mediaDir, key));
      }
    }
  }, 120_000);

  it("resets the seeded tables and their files, and seeds again from id 1", async () => {
    const { rt, mediaDir } = first;
    const storage = createLocalMediaStorage(mediaDir);
    await login(rt, "demo_client", DEMO_PASSWORD);
    await rt.deps.mailer.send({ to: "client@demo.velora.local", subject: "s", text: "t", html: "h", template: "test", language: "de" });
    expect(await countOf(rt, "access_tokens")).toBeGreaterThan(0);
    expect(await countOf(rt, "jobs")).toBeGreaterThan(0); // the dates' reminders and review windows
    const someKey = `${(await rt.deps.db.selectFrom("media").select("storage_key").orderBy("user_id", "desc").executeTakeFirstOrThrow()).storage_key}/160.avif`;
    expect(await storage.exists(someKey)).toBe(true);

    const tables = await resetDemoData(rt.deps.db, { storage });
    // Children before parents.
    expect(tables.indexOf("media")).toBeLessThan(tables.indexOf("users"));
    expect(tables.indexOf("profiles")).toBeLessThan(tables.indexOf("users"));
    expect(tables.indexOf("access_tokens")).toBeLessThan(tables.indexOf("users"));
    // search_profiles too: PostgreSQL's TRUNCATE fires no row triggers, so reset must empty it itself.
    // jobs too: a kept "expire date 5" would act on the new seed's date 5.
    for (const table of [
      "users",
      "profiles",
      "media",
      "access_tokens",
      "rate_counters",
      "mail_outbox",
      "search_profiles",
      "jobs",
    ] as const) {
      expect(await countOf(rt, table), table).toBe(0);
    }
    expect(await storage.exists(someKey)).toBe(false);
    // Every file of every row is gone (rows shared the pool's files: each deleted once).
    const left = (await readdir(mediaDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(left.map((entry) => entry.name)).toEqual([]);
    expect(await isDatabaseEmpty(rt.deps.db)).toBe(true);
    await resetDemoData(rt.deps.db, { storage }); // idempotent

    const again = await seedDemoData({ db: rt.deps.db, clock: rt.clock, config: { ...rt.deps.config, mediaDir }, profiles: 20 });
    expect(again.users).toBe(DEMO_ACCOUNTS.length + 20);
    const firstUser = await rt.deps.db.selectFrom("users").select(["id", "username"]).orderBy("id").executeTakeFirstOrThrow();
    expect(firstUser).toEqual({ id: 1, username: DEMO_ACCOUNTS[0]!.username });
    expect((await login(rt, "demo_escort", DEMO_PASSWORD)).status).toBe(200);
  }, 120_000);
});
