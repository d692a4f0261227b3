import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMaintenance } from "#server/jobs/maintenance";
import { createCaptcha, CAPTCHA_ISSUE_LIMIT } from "#server/modules/auth/captcha";
import { recordHit } from "#server/lib/rate-limit";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`maintenance and captcha issuing (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it("limits how many captchas one address may fetch", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < CAPTCHA_ISSUE_LIMIT.limit; i++) {
      expect((await rt.request("/api/v2/captcha", { ip })).status).toBe(200);
    }
    const refused = await rt.request("/api/v2/captcha", { ip });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: Array<{ key: string }> }).errors[0]?.key).toBe("exception.captcha.exceeded_limit");
    // Another address is not affected.
    expect((await rt.request("/api/v2/captcha", { ip: "198.51.100.78" })).status).toBe(200);
  });

  it("prunes old counters and expired captchas but keeps live ones", async () => {
    const db = rt.deps.db;
    await recordHit(db, rt.clock.now(), { bucket: "test:old", windowMs: 60_000, limit: 1 });
    const stale = await createCaptcha(rt.deps, "ABCDE");
    rt.clock.advance(3 * 24 * 60 * 60 * 1000);
    const fresh = await createCaptcha(rt.deps, "FGHKM");
    await recordHit(db, rt.clock.now(), { bucket: "test:new", windowMs: 60_000, limit: 1 });
    await runMaintenance(db, rt.clock);
    const buckets = (await db.selectFrom("rate_counters").select("bucket").execute()).map((r) => r.bucket);
    expect(buckets).toContain("test:new");
    expect(buckets).not.toContain("test:old");
    const captchas = (await db.selectFrom("captcha_challenges").select("id").execute()).map((r) => r.id);
    expect(captchas).toContain(fresh.id);
    expect(captchas).not.toContain(stale.id);
  });
});
