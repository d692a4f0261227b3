/**
 * Age verification for fsk18 content (issue 30 item 1, ADRs 105–106), against the real API on both databases: the
 * fake provider's whole flow (start → hosted page → signed webhook → return URL), forged and replayed webhooks, the
 * return URL alone, the PIN on each login session, and the fsk18 medium by file URL and in the profile's gallery.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGE_PIN_MAX_FAILURES } from "#server/contract/age-verification";
import { MEDIA_STATUS, mediaVariantUrl, type MediaImage } from "#server/contract/media";
import { USER_TYPE } from "#server/contract/users";
import { signFakeAgeWebhook } from "#server/integrations/age-verification/fake";
import { createLocalMediaStorage } from "#server/integrations/storage/local";
import { mediaImageOf } from "#server/modules/media/images";
import { freshIp } from "../../helpers/auth";
import { jpeg } from "../../helpers/images";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const PIN = "482913";
const WEBHOOK = "/api/v2/verification/fsk18/webhook/fake";

describe(`age verification (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  let owner: { id: number; username: string };
  let fsk18Image: MediaImage;
  let publicImage: MediaImage;

  const json = (token: string, body: unknown) => ({
    method: "POST",
    token,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  async function member(userType: number = USER_TYPE.client) {
    const user = await createUser(rt, { userType });
    const token = String((await login(rt, user.username, user.password, freshIp())).body.access_token);
    return { ...user, token };
  }

  async function newSession(user: { username: string; password: string }) {
    return String((await login(rt, user.username, user.password, freshIp())).body.access_token);
  }

  async function state(token: string) {
    const answer = await rt.request("/api/v2/verification/fsk18", { token });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: Record<string, unknown> }).data;
  }

  /** Starts an identification and returns the fake provider's page (path and its signed fields). */
  async function start(token: string, pin = PIN) {
    const answer = await rt.request("/api/v2/verification/fsk18/start", json(token, { pin, pin_confirmation: pin }));
    expect(answer.status).toBe(200);
    const url = new URL(((await answer.json()) as { data: { redirect_url: string } }).data.redirect_url);
    expect(url.origin).toBe("http://velora.test");
    expect(url.pathname).toMatch(/^\/fake-age-provider\/identify\//);
    return {
      path: url.pathname,
      fields: Object.fromEntries(url.searchParams),
      reference: decodeURIComponent(url.pathname.split("/").pop()!),
    };
  }

  /** The member's choice on the fake provider's page (a same-origin form post, as the browser sends it). */
  async function choose(page: { path: string; fields: Record<string, string> }, outcome: "approve" | "decline") {
    return await rt.request(page.path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://velora.test" },
      body: new URLSearchParams({ ...page.fields, outcome }).toString(),
    });
  }

  function signed(reference: string, outcome: "verified" | "declined", options: { nonce?: string; atMs?: number } = {}) {
    const body = JSON.stringify({ reference, outcome, age_over_18: outcome === "verified", txn_id: `tx-${reference.slice(0, 6)}` });
    return { body, headers: signFakeAgeWebhook(rt.deps.config, body, options.atMs ?? rt.clock.now(), options.nonce) };
  }

  const deliver = (message: { body: string; headers: Record<string, string> }) =>
    rt.request(WEBHOOK, { method: "POST", headers: message.headers, body: message.body });

  const fileStatus = async (image: MediaImage, token?: string) => {
    const answer = await rt.request(`/api/v2${mediaVariantUrl(image, 160, "jpeg")}`, { token });
    await answer.body?.cancel();
    return answer.status;
  };

  async function galleryVisibilities(token: string): Promise<string[]> {
    const answer = await rt.request(`/api/v2/profiles/${owner.username}/detail`, { token });
    expect(answer.status).toBe(200);
    const data = ((await answer.json()) as { data: { gallery: Array<{ visibility?: string }>; hidden_media: Record<string, number> } })
      .data;
    return [...data.gallery.map((item) => item.visibility ?? "?"), ...Object.keys(data.hidden_media).map((level) => `hidden:${level}`)];
  }

  async function addMedia(userId: number, visibility: "public" | "fsk18", position: number): Promise<MediaImage> {
    const key = `test/age-${userId}-${position}`;
    await createLocalMediaStorage(rt.deps.config.mediaDir).put(`${key}/160.jpg`, await jpeg(160, 160));
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
        bytes: 100,
        position,
        is_avatar: position === 0 ? 1 : 0,
        created_at: rt.clock.now(),
      })
      .returning(["public_id", "width", "height", "variant_widths"])
      .executeTakeFirstOrThrow();
    return mediaImageOf(row);
  }

  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = mkdtempSync(join(tmpdir(), "velora-age-"));
    (rt.deps.config as { mediaDir: string }).mediaDir = dir;
    const escort = await createUser(rt, { userType: USER_TYPE.escort });
    await addBerlinProfile(rt, escort.id, escort.username);
    owner = escort;
    publicImage = await addMedia(escort.id, "public", 0);
    fsk18Image = await addMedia(escort.id, "fsk18", 1);
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("starts at 0 init; an unverified member opens no fsk18 medium by file URL and sees none in the gallery", async () => {
    const viewer = await member();
    expect(await state(viewer.token)).toMatchObject({
      status: "init",
      status_code: 0,
      session_authenticated: false,
      provider_available: true,
    });
    expect(await fileStatus(publicImage, viewer.token)).toBe(200);
    expect(await fileStatus(fsk18Image, viewer.token)).toBe(404);
    expect(await galleryVisibilities(viewer.token)).toContain("hidden:fsk18");
  });

  it("runs the whole flow: hosted page → signed webhook → return URL; the PIN then opens fsk18 for this session only", async () => {
    const viewer = await member();
    const page = await start(viewer.token);
    expect(await state(viewer.token)).toMatchObject({ status: "pending", status_code: 1, provider: "fake" });
    const html = await (await rt.request(`${page.path}?${new URLSearchParams(page.fields).toString()}`)).text();
    expect(html).toContain("TESTANBIETER");
    expect(html).not.toContain("<script");

    const back = await choose(page, "approve");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("http://velora.test/de/user/age_check_verification?from=provider");
    expect(await state(viewer.token)).toMatchObject({ status: "verified", status_code: 2, session_authenticated: false });
    // Verified, but this session has not confirmed the PIN: still closed.
    expect(await fileStatus(fsk18Image, viewer.token)).toBe(404);

    const unlocked = await rt.request("/api/v2/verification/fsk18/authenticate", json(viewer.token, { pin: PIN }));
    expect(unlocked.status).toBe(200);
    expect(((await unlocked.json()) as { data: Record<string, unknown> }).data).toMatchObject({ session_authenticated: true });
    expect(await fileStatus(fsk18Image, viewer.token)).toBe(200);
    expect(await galleryVisibilities(viewer.token)).toContain("fsk18");

    // A new login session asks again (authentication on each use); the first stays open.
    const second = await newSession(viewer);
    expect(await fileStatus(fsk18Image, second)).toBe(404);
    expect(await state(second)).toMatchObject({ status: "verified", session_authenticated: false });
    expect(await fileStatus(fsk18Image, viewer.token)).toBe(200);
    const data = await rt.request("/api/v2/user/data", { token: second });
    expect(((await data.json()) as { data: { age_verified: boolean } }).data.age_verified).toBe(true);
  });

  it("gives the profile's 'age verified' badge only from this flow", async () => {
    const badge = async () =>
      ((await (await rt.request(`/api/v2/profiles/${owner.username}/detail`)).json()) as { data: { badges: { age_verified: boolean } } })
        .data.badges.age_verified;
    expect(await badge()).toBe(false);
    const escort = { ...owner, password: "correct-horse-1" };
    const token = await newSession(escort);
    const page = await start(token);
    expect(await badge()).toBe(false);
    await choose(page, "approve");
    expect(await badge()).toBe(true);
  });

  it("the return URL alone verifies nothing: without the webhook the member stays pending and closed out", async () => {
    const viewer = await member();
    await start(viewer.token);
    // The member comes back by the return address without the provider ever answering.
    expect(await state(viewer.token)).toMatchObject({ status: "pending" });
    const unlock = await rt.request("/api/v2/verification/fsk18/authenticate", json(viewer.token, { pin: PIN }));
    expect(unlock.status).toBe(409);
    expect(await fileStatus(fsk18Image, viewer.token)).toBe(404);
  });

  it("refuses forged, tampered, stale and unsigned webhooks without any change", async () => {
    const viewer = await member();
    const { reference } = await start(viewer.token);
    const genuine = signed(reference, "verified");
    const forgedBody = JSON.stringify({ reference, outcome: "verified", age_over_18: true, txn_id: "forged" });
    const attempts = [
      // Signed with another key.
      {
        body: forgedBody,
        headers: {
          "content-type": "application/json",
          "x-age-signature": genuine.headers["x-age-signature"]!.replace(/v1=[0-9a-f]+/, `v1=${"0".repeat(64)}`),
        },
      },
      // A genuine signature over another body.
      { body: forgedBody, headers: genuine.headers },
      // No signature at all.
      { body: genuine.body, headers: { "content-type": "application/json" } },
      // Ten minutes old.
      signed(reference, "verified", { atMs: rt.clock.now() - 10 * 60 * 1000 }),
      // Not JSON, however signed.
      { body: "<xml/>", headers: signFakeAgeWebhook(rt.deps.config, "<xml/>", rt.clock.now()) },
    ];
    for (const attempt of attempts) {
      const answer = await deliver(attempt);
      expect(answer.status).toBe(400);
    }
    expect(await state(viewer.token)).toMatchObject({ status: "pending" });
    // An unknown provider's webhook does not exist.
    expect((await rt.request("/api/v2/verification/fsk18/webhook/nobody", { method: "POST", body: "{}" })).status).toBe(404);
    // The genuine one still works afterwards.
    expect((await deliver(genuine)).status).toBe(200);
    expect(await state(viewer.token)).toMatchObject({ status: "verified" });
  });

  it("refuses a replayed webhook: the same nonce twice changes nothing, an old reference is stale", async () => {
    const viewer = await member();
    const first = await start(viewer.token);
    const declined = signed(first.reference, "declined");
    const answer = await deliver(declined);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: { applied: boolean } }).data.applied).toBe(true);
    expect(await state(viewer.token)).toMatchObject({ status: "init", declined: true });

    const second = await start(viewer.token);
    expect((await deliver(signed(second.reference, "verified"))).status).toBe(200);
    expect(await state(viewer.token)).toMatchObject({ status: "verified" });

    // The captured "declined" message, sent again: its nonce was seen (409), nothing changes.
    expect((await deliver(declined)).status).toBe(409);
    // Even re-signed with a fresh nonce (as only the provider could), its reference is no longer the open one.
    const resent = await deliver(signed(first.reference, "declined"));
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as { data: { applied: boolean } }).data.applied).toBe(false);
    // A second "verified" about the answered reference changes nothing either.
    const again = await deliver(signed(second.reference, "declined"));
    expect(((await again.json()) as { data: { applied: boolean } }).data.applied).toBe(false);
    expect(await state(viewer.token)).toMatchObject({ status: "verified", declined: false });
  });

  it("the provider's decline through its page leaves the member unverified", async () => {
    const viewer = await member();
    const page = await start(viewer.token);
    expect((await choose(page, "decline")).status).toBe(303);
    expect(await state(viewer.token)).toMatchObject({ status: "init", declined: true });
    // The page's buttons only work from its own origin.
    const foreign = await rt.request(page.path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ ...page.fields, outcome: "approve" }).toString(),
    });
    expect(foreign.status).toBe(403);
    expect(await state(viewer.token)).toMatchObject({ status: "init" });
  });

  it("locks the PIN after 5 wrong tries; another member's PIN or session opens nothing", async () => {
    const viewer = await member();
    const page = await start(viewer.token);
    await choose(page, "approve");
    const other = await member();
    // Another member typing this member's PIN: not verified themselves.
    expect((await rt.request("/api/v2/verification/fsk18/authenticate", json(other.token, { pin: PIN }))).status).toBe(409);
    expect(await fileStatus(fsk18Image, other.token)).toBe(404);

    for (let i = 1; i <= AGE_PIN_MAX_FAILURES; i += 1) {
      const wrong = await rt.request("/api/v2/verification/fsk18/authenticate", json(viewer.token, { pin: "000000" }));
      expect(wrong.status).toBe(400);
      expect(await state(viewer.token)).toMatchObject({ pin_attempts_left: AGE_PIN_MAX_FAILURES - i });
    }
    const locked = await rt.request("/api/v2/verification/fsk18/authenticate", json(viewer.token, { pin: PIN }));
    expect(locked.status).toBe(409);
    expect(await fileStatus(fsk18Image, viewer.token)).toBe(404);
    // Identifying again (with a new PIN) is the way out.
    const again = await start(viewer.token, "135790");
    await choose(again, "approve");
    expect((await rt.request("/api/v2/verification/fsk18/authenticate", json(viewer.token, { pin: "135790" }))).status).toBe(200);
    expect(await fileStatus(fsk18Image, viewer.token)).toBe(200);
  });

  it("refuses bad bodies with field errors and never a 5xx", async () => {
    const viewer = await member();
    for (const body of [
      {},
      { pin: "12345" },
      { pin: "abcdef", pin_confirmation: "abcdef" },
      { pin: PIN, pin_confirmation: "111111" },
      "x",
      null,
    ]) {
      const answer = await rt.request("/api/v2/verification/fsk18/start", json(viewer.token, body));
      expect(answer.status).toBe(400);
    }
    const mismatch = await rt.request("/api/v2/verification/fsk18/start", json(viewer.token, { pin: PIN, pin_confirmation: "111111" }));
    const errors = ((await mismatch.json()) as { errors: Array<{ key: string; source?: string }> }).errors;
    expect(errors).toContainEqual(expect.objectContaining({ key: "validation.age_verification.pin_mismatch", source: "pin_confirmation" }));
    expect((await rt.request("/api/v2/verification/fsk18")).status).toBe(401);
    const garbage = await rt.request(WEBHOOK, { method: "POST", headers: { "content-type": "text/plain" }, body: "\u0000".repeat(50) });
    expect(garbage.status).toBe(400);
  });

  it("the forced check: only staff set it (audited); the member is sent to it after login until verified", async () => {
    const viewer = await member();
    const client = await member();
    const team = await member(USER_TYPE.team);
    const force = (token: string, id: number | string) =>
      rt.request(`/api/v2/backoffice/members/${id}/age-check`, json(token, { action: "force", reason: "Report: looks under 18" }));
    expect((await force(client.token, viewer.id)).status).toBe(403);
    expect((await force(team.token, 999_999_999)).status).toBe(404);
    expect((await force(team.token, team.id)).status).toBe(404);
    expect((await force(team.token, "abc")).status).toBe(404);
    const noReason = await rt.request(
      `/api/v2/backoffice/members/${viewer.id}/age-check`,
      json(team.token, { action: "force", reason: "" }),
    );
    expect(noReason.status).toBe(400);

    expect((await force(team.token, viewer.id)).status).toBe(200);
    const trail = await rt.deps.db
      .selectFrom("audit_log")
      .select(["actor_id", "action", "reason"])
      .where("subject_type", "=", "user")
      .where("subject_id", "=", String(viewer.id))
      .execute();
    expect(trail).toEqual([{ actor_id: team.id, action: "age_check.force", reason: "Report: looks under 18" }]);
    const userData = async (token: string) =>
      ((await (await rt.request("/api/v2/user/data", { token })).json()) as { data: { next_destination: string | null } }).data;
    expect((await userData(viewer.token)).next_destination).toBe("user/age_check_verification?type=forced");
    expect(await state(viewer.token)).toMatchObject({ forced: true });

    const page = await start(viewer.token);
    await choose(page, "approve");
    expect((await userData(viewer.token)).next_destination).toBeNull();
    expect(await state(viewer.token)).toMatchObject({ forced: false, status: "verified" });
  });
});
