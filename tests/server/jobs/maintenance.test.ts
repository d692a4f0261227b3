import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_RETENTION_MS, runMaintenance } from "#server/jobs/maintenance";
import { createCaptcha, CAPTCHA_ISSUE_LIMIT } from "#server/modules/auth/captcha";
import { recordHit } from "#server/lib/rate-limit";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

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

  it("drops outbox mails after a month and spent e-mail-change and deletion requests after a week", async () => {
    const db = rt.deps.db;
    const user = await createUser(rt);
    const mail = (recipient: string) => ({
      recipient,
      subject: "s",
      text_body: "t",
      html_body: "h",
      template: "test",
      language: "de",
      created_at: rt.clock.now(),
      sent_at: null,
    });
    await db.insertInto("mail_outbox").values(mail("old@example.test")).execute();
    const request = { user_id: user.id, created_at: rt.clock.now(), expires_at: rt.clock.now() + 1000, closed_at: null };
    await db
      .insertInto("email_changes")
      .values({ ...request, new_email: "a@example.test", new_email_key: "a@example.test", token_hash: "old-change" })
      .execute();
    await db
      .insertInto("account_deletions")
      .values({ ...request, token_hash: "old-deletion" })
      .execute();
    rt.clock.advance(MAIL_RETENTION_MS + 1);
    await db.insertInto("mail_outbox").values(mail("new@example.test")).execute();
    await db
      .insertInto("email_changes")
      .values({
        ...request,
        created_at: rt.clock.now(),
        expires_at: rt.clock.now() + 1000,
        new_email: "b@example.test",
        new_email_key: "b@example.test",
        token_hash: "new-change",
      })
      .execute();
    await runMaintenance(db, rt.clock);
    expect(
      (await db.selectFrom("mail_outbox").select("recipient").where("template", "=", "test").execute()).map((row) => row.recipient),
    ).toEqual(["new@example.test"]);
    expect(
      (await db.selectFrom("email_changes").select("token_hash").where("user_id", "=", user.id).execute()).map((row) => row.token_hash),
    ).toEqual(["new-change"]);
    expect(await db.selectFrom("account_deletions").select("token_hash").where("user_id", "=", user.id).execute()).toEqual([]);
  });
});
