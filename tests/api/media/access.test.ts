/**
 * Who sees a media file (issue 9 item 5, ADR 017): every owner state ×
 * visibility × viewer, through the file URL the API hands out. The expected
 * answer comes from the rules written out here, not from the code under test.
 * Also: URLs carry a random key (no sequential id is served), cache headers
 * follow who may see the file, and the claim preview's grant.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MEDIA_STATUS,
  MEDIA_VISIBILITY,
  mediaFallbackUrl,
  mediaVariantUrl,
  type MediaImage,
  type MediaVisibility,
} from "#server/contract/media";
import { USER_TYPE } from "#server/contract/users";
import { createLocalMediaStorage } from "#server/integrations/storage/local";
import { createClaimableProfile } from "#server/modules/claims/service";
import { MEDIA_GRANT_TTL_MS, mediaImageOf } from "#server/modules/media/images";
import { freshIp } from "../../helpers/auth";
import { jpeg } from "../../helpers/images";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const OWNER_STATES = [
  "listed",
  "members_only",
  "paused",
  "deactivated",
  "banned",
  "deleted",
  "claimable",
  "unfinished",
  "hidden",
  "no_profile",
] as const;
type OwnerState = (typeof OWNER_STATES)[number];
const VIEWERS = ["guest", "member", "plus", "blocked", "owner"] as const;
type Viewer = (typeof VIEWERS)[number];

/** The rules, written out independently of server/modules/profiles/access.ts. */
function expected(state: OwnerState, visibility: MediaVisibility, viewer: Viewer): boolean {
  if (state === "banned" || state === "deleted") return false; // nobody, not even the owner (no valid token)
  if (viewer === "owner") return true; // in any other state, including unfinished, paused or hidden
  const shown = state === "listed" || (state === "members_only" && viewer !== "guest");
  if (!shown || viewer === "blocked") return false;
  const levels: Record<Exclude<Viewer, "owner" | "blocked">, MediaVisibility[]> = {
    guest: ["public"],
    member: ["public", "logged_in"],
    plus: ["public", "logged_in", "plus_member"],
  };
  return levels[viewer].includes(visibility);
}

describe(`media access (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  const tokens = new Map<Viewer, string | undefined>();
  /** state → visibility → image */
  const images = new Map<OwnerState, Map<MediaVisibility, MediaImage>>();
  const ownerTokens = new Map<OwnerState, string>();
  let sample: Buffer;

  async function signIn(userType: number) {
    const user = await createUser(rt, { userType });
    const { body } = await login(rt, user.username, user.password, freshIp());
    return { id: user.id, token: String(body.access_token) };
  }

  async function addProfile(userId: number, options: { visible?: boolean; membersOnly?: boolean } = {}) {
    await rt.deps.db
      .insertInto("profiles")
      .values({
        user_id: userId,
        display_name: `P${userId}`,
        city_name: "Berlin",
        city_slug: "berlin",
        country_code: "DE",
        lat: 52.52,
        lon: 13.405,
        status_text: null,
        description: null,
        is_visible: options.visible === false ? 0 : 1,
        members_only: options.membersOnly ? 1 : 0,
        updated_at: rt.clock.now(),
      })
      .execute();
  }

  /** A media row with one stored variant (160.jpg), as an upload leaves it. */
  async function addMedia(userId: number, visibility: MediaVisibility, position: number): Promise<MediaImage> {
    const key = `test/access-${userId}-${position}`;
    await createLocalMediaStorage(rt.deps.config.mediaDir).put(`${key}/160.jpg`, sample);
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: userId,
        kind: "photo",
        visibility,
        status: MEDIA_STATUS.accepted,
        storage_key: key,
        mime_type: "image/jpeg",
        width: 160,
        height: 160,
        variant_widths: "160",
        bytes: sample.byteLength,
        position,
        is_avatar: position === 0 ? 1 : 0,
        created_at: rt.clock.now(),
      })
      .returning(["public_id", "width", "height", "variant_widths"])
      .executeTakeFirstOrThrow();
    return mediaImageOf(row);
  }

  async function fetchFile(image: MediaImage, token?: string) {
    return await rt.request(`/api/v2${mediaVariantUrl(image, 160, "jpeg")}`, { token });
  }

  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = mkdtempSync(join(tmpdir(), "velora-access-"));
    (rt.deps.config as { mediaDir: string }).mediaDir = dir;
    sample = await jpeg(160, 160);

    tokens.set("guest", undefined);
    tokens.set("member", (await signIn(USER_TYPE.client)).token);
    const plus = await signIn(USER_TYPE.client);
    await rt.deps.db.updateTable("users").set({ is_member: 1 }).where("id", "=", plus.id).execute();
    tokens.set("plus", plus.token);
    const blocked = await signIn(USER_TYPE.client);
    tokens.set("blocked", blocked.token);

    for (const state of OWNER_STATES) {
      const owner = await signIn(USER_TYPE.escort);
      ownerTokens.set(state, owner.token);
      if (state !== "no_profile") await addProfile(owner.id, { visible: state !== "hidden", membersOnly: state === "members_only" });
      const byVisibility = new Map<MediaVisibility, MediaImage>();
      for (const [i, visibility] of MEDIA_VISIBILITY.entries()) byVisibility.set(visibility, await addMedia(owner.id, visibility, i));
      images.set(state, byVisibility);
      await rt.deps.db.insertInto("blocks").values({ blocker_id: owner.id, blocked_id: blocked.id, created_at: rt.clock.now() }).execute();
      // The state last: the owner signed in while active (a banned or deleted owner's token stops working).
      if (state === "unfinished")
        await rt.deps.db.updateTable("users").set({ register_completed_step: 2 }).where("id", "=", owner.id).execute();
      else if (!["listed", "members_only", "hidden", "no_profile"].includes(state)) {
        await rt.deps.db
          .updateTable("users")
          .set({ status: state as "paused" })
          .where("id", "=", owner.id)
          .execute();
      }
    }
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers every owner state × visibility × viewer as the rules say (404 for what may not be seen)", async () => {
    const mismatches: string[] = [];
    let allowed = 0;
    for (const state of OWNER_STATES) {
      for (const visibility of MEDIA_VISIBILITY) {
        for (const viewer of VIEWERS) {
          const token = viewer === "owner" ? ownerTokens.get(state) : tokens.get(viewer);
          const response = await fetchFile(images.get(state)!.get(visibility)!, token);
          const want = expected(state, visibility, viewer);
          if (want) allowed += 1;
          if ((response.status === 200) !== want || (!want && response.status !== 404)) {
            mismatches.push(`${state} ${visibility} ${viewer}: ${response.status}, expected ${want ? 200 : 404}`);
          }
          await response.body?.cancel();
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The matrix is not trivially closed: owners, members and plus members do see things.
    expect(allowed).toBeGreaterThan(40);
  });

  it("hides pending and rejected photos from everyone but their owner", async () => {
    const image = images.get("listed")!.get("public")!;
    const publicId = image.path.split("/").pop()!;
    for (const status of [MEDIA_STATUS.pending, MEDIA_STATUS.rejected]) {
      await rt.deps.db.updateTable("media").set({ status }).where("public_id", "=", publicId).execute();
      expect((await fetchFile(image)).status).toBe(404);
      expect((await fetchFile(image, tokens.get("plus"))).status).toBe(404);
      expect((await fetchFile(image, ownerTokens.get("listed"))).status).toBe(200);
    }
    await rt.deps.db.updateTable("media").set({ status: MEDIA_STATUS.accepted }).where("public_id", "=", publicId).execute();
  });

  it("serves files only by a random key: no sequential id, no guessable name", async () => {
    const rows = await rt.deps.db.selectFrom("media").select(["id", "public_id"]).orderBy("id").execute();
    expect(new Set(rows.map((r) => r.public_id)).size).toBe(rows.length);
    for (const row of rows) expect(row.public_id).toMatch(/^[0-9a-f]{32}$/);
    // Neighbouring rows have unrelated keys (128 random bits each).
    expect(rows[0]!.public_id.slice(0, 8)).not.toBe(rows[1]!.public_id.slice(0, 8));
    const first = rows[0]!;
    for (const path of [
      `/api/v2/media/${first.id}/file`,
      `/api/v2/media/${first.id}/160.jpg`,
      `/api/v2/media/${first.public_id}/file`,
      `/api/v2/media/${first.public_id}/161.jpg`,
      `/api/v2/media/${first.public_id}/160.gif`,
      `/api/v2/media/${first.public_id.toUpperCase()}/160.jpg`,
      `/api/v2/media/${"0".repeat(32)}/160.jpg`,
    ]) {
      expect((await rt.request(path)).status, path).toBe(404);
    }
  });

  it("serves a photo stored before variants as its one original file, under the same rules", async () => {
    const owner = await signIn(USER_TYPE.escort);
    await addProfile(owner.id);
    await createLocalMediaStorage(rt.deps.config.mediaDir).put("media/legacy/one.jpg", sample);
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: owner.id,
        kind: "photo",
        visibility: "logged_in",
        status: MEDIA_STATUS.accepted,
        storage_key: "media/legacy/one.jpg",
        mime_type: "image/jpeg",
        width: 160,
        height: 160,
        variant_widths: null,
        bytes: sample.byteLength,
        position: 0,
        is_avatar: 1,
        created_at: rt.clock.now(),
      })
      .returning(["public_id", "width", "height", "variant_widths"])
      .executeTakeFirstOrThrow();
    const image = mediaImageOf(row);
    expect(image.widths).toEqual([]);
    const url = `/api/v2${mediaFallbackUrl(image)}`;
    expect(url).toMatch(/\/original$/);
    expect((await rt.request(url)).status).toBe(404);
    const member = await rt.request(url, { token: tokens.get("member") });
    expect(member.status).toBe(200);
    expect(Buffer.from(await member.arrayBuffer()).equals(sample)).toBe(true);
    expect((await rt.request(`/api/v2${image.path}/160.jpg`, { token: tokens.get("member") })).status).toBe(404);
  });

  it("lets shared caches keep only what every guest may see; the rest is private to the browser", async () => {
    const open = await fetchFile(images.get("listed")!.get("public")!);
    expect(open.headers.get("cache-control")).toBe("public, max-age=31536000, immutable, s-maxage=3600");
    const members = await fetchFile(images.get("listed")!.get("logged_in")!, tokens.get("member"));
    expect(members.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const membersOnlyProfile = await fetchFile(images.get("members_only")!.get("public")!, tokens.get("member"));
    expect(membersOnlyProfile.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const refused = await fetchFile(images.get("paused")!.get("public")!);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
  });

  it("shows the avatar of a claimable profile on its claim preview through a grant that expires", async () => {
    const claim = await createClaimableProfile(rt.deps, {
      username: "claim_me_media",
      targetKind: "email",
      target: "claim-media@example.test",
    });
    const image = await addMedia(claim.user_id, "public", 0);
    // Unlisted until claimed: no grant, no file.
    expect((await fetchFile(image)).status).toBe(404);
    const preview = await rt.request(`/api/v2/registration/claims/${claim.invite_code}`);
    const avatar = ((await preview.json()) as { data: { avatar: MediaImage | null } }).data.avatar;
    expect(avatar?.path).toBe(image.path);
    expect(avatar?.grant).toMatch(/^g=\d+\.[\w-]{43}$/);
    const granted = await fetchFile(avatar!);
    expect(granted.status).toBe(200);
    expect(granted.headers.get("cache-control")).toMatch(/^private/);
    // Another photo's key with this grant, a forged signature, an expired grant: 404.
    const other = images.get("listed")!.get("private")!;
    expect((await fetchFile({ ...other, grant: avatar!.grant })).status).toBe(404);
    expect((await fetchFile({ ...avatar!, grant: avatar!.grant!.replace(/.$/, (c) => (c === "A" ? "B" : "A")) })).status).toBe(404);
    rt.clock.advance(MEDIA_GRANT_TTL_MS + 60_000);
    expect((await fetchFile(avatar!)).status).toBe(404);
  });
});
