/**
 * The web tier's registration photo step (join/user/photo) against the real
 * API in-process (issue 9 item 4): the action streams the browser's multipart
 * body through to the API instead of parsing and holding the files, so an
 * oversized file is refused with 413 after at most the cap was read, and the
 * form shows the translated error; a good photo moves on to the next step.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "#server/contract/media-upload";
import { USER_TYPE } from "#server/contract/users";
import { submitJoinStep } from "~/features/registration/steps.server";
import { freshIp } from "../../helpers/auth";
import { countingMultipart, jpeg } from "../../helpers/images";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ActionData {
  data: { lastResult: { error?: Record<string, string[] | null> } };
  init: { status?: number; headers?: Record<string, string> } | null;
}

describe(`registration photo step, web tier (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  let context: AppLoadContext;
  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = mkdtempSync(join(tmpdir(), "velora-photo-step-"));
    const config = rt.deps.config as { mediaDir: string; uploadTmpDir: string };
    config.mediaDir = join(dir, "media");
    config.uploadTmpDir = join(dir, "tmp");
    const ip = freshIp();
    context = { apiFetch: (request: Request) => rt.api.fetch(request, { remoteAddress: ip, internal: true }), clientAddress: ip };
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An escort who finished sign-up (step 1): the photo step is next. */
  async function newEscort() {
    const user = await createUser(rt, { userType: USER_TYPE.escort });
    await rt.deps.db.updateTable("users").set({ register_completed_step: 1 }).where("id", "=", user.id).execute();
    const { body } = await login(rt, user.username, user.password, freshIp());
    return { ...user, cookie: `tk=${String(body.access_token)}; keep_logged_in=1` };
  }

  async function post(cookie: string, upload: ReturnType<typeof countingMultipart>) {
    const request = new Request("http://velora.test/de/join/user/photo", {
      method: "POST",
      headers: { cookie, "content-type": upload.contentType },
      body: upload.body,
      duplex: "half",
    } as RequestInit);
    return await submitJoinStep({ request, context, params: { lang: "de" } }, "user", "photo");
  }

  it("refuses a file over the cap with 413 and the translated field error, having read no more than the cap", async () => {
    const escort = await newEscort();
    const upload = countingMultipart([{ name: "files", filename: "huge.jpg", type: "image/jpeg", size: 45_000_000 }]);
    const result = (await post(escort.cookie, upload)) as unknown as ActionData;
    expect(result.init?.status).toBe(413);
    // The refused file is named (issue 25 item 10).
    expect(result.data.lastResult.error?.files).toEqual(["validation.image.file_too_large?max=20000000&file=huge.jpg"]);
    expect(upload.state.pulled).toBeLessThan(IMAGE_MAX_BYTES + 2 * 1024 * 1024);
  });

  it("answers 429 with Retry-After and a general error once the hourly upload limit is used up", async () => {
    const escort = await newEscort();
    await rt.deps.db
      .insertInto("rate_counters")
      .values({ bucket: `media-upload:${escort.id}`, window_start: rt.clock.now() - (rt.clock.now() % 3_600_000), hits: 30 })
      .execute();
    const upload = countingMultipart([{ name: "files", filename: "a.jpg", type: "image/jpeg", data: await jpeg(300, 300) }]);
    const result = (await post(escort.cookie, upload)) as unknown as ActionData;
    expect(result.init?.status).toBe(429);
    expect(Number(result.init?.headers?.["Retry-After"])).toBeGreaterThan(0);
    expect(result.data.lastResult.error?.[""]).toEqual(["exception.media.upload_limit?max=30"]);
  });

  it("streams a good photo through and moves on to the profile step", async () => {
    const escort = await newEscort();
    const upload = countingMultipart([{ name: "files", filename: "a.jpg", type: "image/jpeg", data: await jpeg(400, 500) }]);
    const result = (await post(escort.cookie, upload)) as unknown as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("location")).toBe("/de/join/user/profile");
    const rows = await rt.deps.db.selectFrom("media").select(["variant_widths"]).where("user_id", "=", escort.id).execute();
    expect(rows).toEqual([{ variant_widths: "160,320,400" }]);
  });
});
