/**
 * Statements of reasons (issue 30 item 4, DSA Art. 17 and 24(5), ADR 110) against the real API: a refusal in a
 * content queue writes the statement, its audit row and its two jobs in the decision's transaction; the jobs tell
 * the member (bell and mail, in their language) and submit it to the Transparency Database (the fake, behind msw),
 * retrying after a 500 and after a timeout without a second entry, and giving up to `failed`. The member reads only
 * their own statements.
 */
import { rmSync } from "node:fs";
import { http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MediaItem } from "#server/contract/media";
import { APPEAL_WINDOW_MONTHS, appealUntil, statementReference, type StatementList, type StatementView } from "#server/contract/statements";
import { USER_TYPE } from "#server/contract/users";
import { fakeTransparencyDb, type FakeTransparencyDb } from "#server/integrations/transparency-db/fake";
import { jobBackoffMs } from "#server/jobs/queue";
import { buildExportArchive } from "#server/modules/privacy/export-archive";
import { createMediaStorage } from "#server/integrations/storage/index";
import { recordQueueDecisionStatement, recordStatement } from "#server/modules/statements/index";
import { tdbStatementOf } from "#server/modules/statements/submission";
import { TDB_MAX_ATTEMPTS } from "#server/modules/statements/service";
import { freshIp } from "../../helpers/auth";
import { jpeg } from "../../helpers/images";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime, storeMediaInTemporaryDir } from "../../helpers/runtime";
import { createProfile } from "../../helpers/search-fixtures";
import { callJson } from "../../helpers/api-call";
import { unzip } from "../../helpers/zip";

interface Answer<T = unknown> {
  data: T;
  errors?: Array<{ key: string }>;
}

const TDB_URL = "http://tdb.test/api/v1/statement";
const TDB_TOKEN = "test-token";
const msw = setupServer();

describe(`statements of reasons (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  let team: { id: number; token: string };
  let fake: FakeTransparencyDb;

  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "bypass" });
    rt = await createTestRuntime({ geoData: true });
    dir = storeMediaInTemporaryDir(rt, "velora-statements-");
    const staff = await createUser(rt, { userType: USER_TYPE.team });
    team = { id: staff.id, token: await tokenOf(staff) };
  }, 60_000);
  afterAll(async () => {
    msw.close();
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake = fakeTransparencyDb(TDB_TOKEN);
    msw.use(http.post(TDB_URL, ({ request }) => fake.handle(request)));
    setTdb(TDB_URL, 2_000);
  });
  afterEach(() => msw.resetHandlers());

  function setTdb(url: string | null, timeoutMs: number) {
    const config = rt.deps.config as { transparencyDb: { url: string | null; token: string | null; timeoutMs: number } };
    config.transparencyDb = { url, token: url ? TDB_TOKEN : null, timeoutMs };
  }

  async function tokenOf(user: { username: string; password: string }) {
    const { body } = await login(rt, user.username, user.password, freshIp());
    return String(body.access_token);
  }

  function call<T>(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  }

  async function escort(language = "de") {
    const user = await createProfile(rt);
    await rt.deps.db.updateTable("users").set({ language }).where("id", "=", user.id).execute();
    return { ...user, token: await tokenOf(user) };
  }

  /** A photo of a fresh escort refused by the team for `reason`: the statement's id. */
  async function refusedPhoto(language = "de", reason = "contact_details") {
    const member = await escort(language);
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(await jpeg(400, 500))], { type: "image/jpeg" }), "a.jpg");
    const upload = await rt.request("/api/v2/media/upload", { method: "POST", token: member.token, body: form });
    expect(upload.status).toBe(201);
    const media = ((await upload.json()) as Answer<MediaItem[]>).data[0]!;
    const { status } = await call(team.token, "POST", `/backoffice/media/${media.id}/reject`, { reason });
    expect(status).toBe(200);
    const statement = await rt.deps.db
      .selectFrom("statements")
      .selectAll()
      .where("user_id", "=", member.id)
      .where("subject_kind", "=", "media")
      .where("subject_id", "=", String(media.id))
      .executeTakeFirstOrThrow();
    return { member, media, statement };
  }

  const jobsOf = (statementId: number) =>
    rt.deps.db
      .selectFrom("jobs")
      .select(["kind", "state", "attempts"])
      // The notify job of a queue's refusal carries the notice after the id.
      .where((eb) =>
        eb.or([
          eb("payload", "=", JSON.stringify({ statement_id: statementId })),
          eb("payload", "like", `{"statement_id":${statementId},%`),
        ]),
      )
      .orderBy("kind")
      .execute();

  const tdbState = (id: number) =>
    rt.deps.db
      .selectFrom("statements")
      .select(["tdb_state", "tdb_uuid", "tdb_submitted_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  /** Runs the due jobs, then moves the clock past the next backoff `times` times. */
  async function runWithRetries(times: number) {
    await rt.jobs.runDue();
    for (let attempt = 1; attempt <= times; attempt++) {
      rt.clock.advance(jobBackoffMs(attempt) + 1);
      await rt.jobs.runDue();
    }
  }

  it("a refused photo writes the statement, its audit row and both jobs in the decision's transaction", async () => {
    setTdb(null, 2_000);
    const { member, media, statement } = await refusedPhoto("de", "contact_details");
    expect(statement).toMatchObject({
      restriction: "content_disabled",
      ground: "terms",
      ground_reference: "terms:contact_details",
      source: "own_initiative",
      language: "de",
      decided_by: team.id,
      tdb_state: "pending",
    });
    expect(statement.facts).toBe(
      "Unser Team hat dein Foto vor der Veröffentlichung geprüft und nicht freigegeben. Für andere ist der Inhalt nicht sichtbar. " +
        "Grund: Telefonnummern, Adressen und Links gehören nicht in Fotos und Profiltexte.",
    );
    expect((await jobsOf(statement.id)).map((job) => job.kind)).toEqual(["statement.notify", "statement.submit"]);
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .select(["actor_id", "action", "before_json", "after_json"])
      .where("subject_type", "=", "media")
      .where("subject_id", "=", String(media.id))
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_id: team.id, action: "media.reject" })]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ reason: "contact_details" });

    await rt.jobs.runDue();
    const notification = await rt.deps.db
      .selectFrom("notifications")
      .select(["event", "url", "params"])
      .where("user_id", "=", member.id)
      .where("event", "=", "statement_issued")
      .executeTakeFirstOrThrow();
    expect(notification).toMatchObject({ url: `user/statements/${statement.id}` });
    // One message per refusal: the statement's line names what was refused and why; the queue sends none of its own.
    expect(JSON.parse(notification.params)).toEqual({
      reference: statementReference(statement.id),
      item: "photo",
      reason: "contact_details",
    });
    const bell = await rt.deps.db.selectFrom("notifications").select("event").where("user_id", "=", member.id).execute();
    expect(bell.map((row) => row.event)).toEqual(["statement_issued"]);
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body", "language"])
      .where(
        "recipient",
        "=",
        (await rt.deps.db.selectFrom("users").select("email").where("id", "=", member.id).executeTakeFirstOrThrow()).email,
      )
      .where("template", "=", "statement_issued")
      .executeTakeFirstOrThrow();
    expect(mail.language).toBe("de");
    expect(mail.subject).toBe(`Unsere Entscheidung ${statementReference(statement.id)}: Inhalt nicht sichtbar`);
    expect(mail.text_body).toContain(`/de/user/statements/${statement.id}`);
    expect(mail.text_body).toContain(statement.facts);
    expect(mail.text_body).toContain("Eine geänderte Fassung kannst du hier einreichen");
    expect(mail.text_body).toContain("/de/user/media_gallery");
    const email = (await rt.deps.db.selectFrom("users").select("email").where("id", "=", member.id).executeTakeFirstOrThrow()).email;
    const templates = await rt.deps.db.selectFrom("mail_outbox").select("template").where("recipient", "=", email).execute();
    expect(templates.map((row) => row.template)).toEqual(["statement_issued"]);
    // Submissions off: the statement waits, the job is done, nothing failed.
    expect(await tdbState(statement.id)).toMatchObject({ tdb_state: "pending", tdb_uuid: null });
    expect(await jobsOf(statement.id)).toEqual([
      expect.objectContaining({ kind: "statement.notify", state: "done" }),
      expect.objectContaining({ kind: "statement.submit", state: "done" }),
    ]);
    expect(fake.received).toBe(0);
  });

  it("the member reads their statements, newest first, and only theirs: another member's id is 404", async () => {
    setTdb(null, 2_000);
    const { member, statement } = await refusedPhoto("en", "offensive");
    const second = await rt.deps.db.transaction().execute((trx) =>
      recordStatement(
        trx,
        {
          kind: "misuse_suspension",
          userId: member.id,
          subjectKind: "account",
          subjectId: member.id,
          restriction: "account_suspended",
          ground: "illegal",
          groundReference: "§ 184 StGB",
          facts: "Written by the team, as is.",
          source: "notice",
          endsAt: rt.clock.now() + 7 * 86_400_000,
          automatedDetection: true,
          language: "en",
          decidedBy: team.id,
        },
        rt.clock.now(),
      ),
    );
    const list = await call<StatementList>(member.token, "GET", "/statements");
    expect(list.status).toBe(200);
    expect(list.json.data.items.map((item) => item.id)).toEqual([second, statement.id]);
    expect(list.json.data.total).toBe(2);

    const one = await call<StatementView>(member.token, "GET", `/statements/${statement.id}`);
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({
      reference: statementReference(statement.id),
      restriction: "content_disabled",
      ground: "terms",
      terms_clause: "respect",
      automated_detection: false,
      automated_decision: false,
      appealable: true,
      appeal_until: appealUntil(Number(statement.created_at)),
    });
    const law = await call<StatementView>(member.token, "GET", `/statements/${second}`);
    expect(law.json.data).toMatchObject({
      ground: "illegal",
      ground_reference: "§ 184 StGB",
      terms_clause: null,
      automated_detection: true,
    });

    const other = await escort();
    expect((await call(other.token, "GET", `/statements/${statement.id}`)).status).toBe(404);
    expect((await call<StatementList>(other.token, "GET", "/statements")).json.data.items).toEqual([]);
    expect((await call(undefined, "GET", `/statements/${statement.id}`)).status).toBe(401);
    expect((await call(member.token, "GET", "/statements/abc")).status).toBe(404);
    await rt.jobs.runDue();
  });

  it("one mapping for every queue: a removal after publication, a refused promotion, the facts in the member's language", async () => {
    setTdb(null, 2_000);
    const member = await escort("es");
    const [removed, promotion] = await rt.deps.db.transaction().execute(async (trx) => [
      await recordQueueDecisionStatement(
        trx,
        {
          userId: member.id,
          item: "blog",
          subjectKind: "blog",
          subjectId: 7,
          reason: "third_party",
          when: "after_publication",
          decidedBy: team.id,
          notice: { item: "blog", title: "Mi entrada", url: "my_blogs" },
        },
        rt.clock.now(),
      ),
      await recordQueueDecisionStatement(
        trx,
        {
          userId: member.id,
          item: "promotion",
          subjectKind: "promotion",
          subjectId: 8,
          reason: { clause: "general" },
          when: "before_publication",
          decidedBy: team.id,
          refunded: true,
          notice: { item: "promotion", url: "promotion/profile" },
        },
        rt.clock.now(),
      ),
    ]);
    const rows = await rt.deps.db.selectFrom("statements").selectAll().where("id", "in", [removed, promotion]).orderBy("id").execute();
    expect(rows).toEqual([
      expect.objectContaining({
        restriction: "content_removed",
        ground_reference: "terms:third_party",
        language: "es",
        facts:
          "Nuestro equipo ha revisado tu entrada de blog y ha retirado este contenido. Los demás ya no tienen acceso a él. " +
          "Motivo: Muestra a otras personas o contenido ajeno sin prueba de consentimiento.",
      }),
      expect.objectContaining({
        restriction: "content_demoted",
        ground_reference: "terms:general",
        facts:
          "Nuestro equipo ha revisado la promoción de tu perfil y no la ha aprobado. Tu perfil no se muestra en un lugar destacado. " +
          "Los dólares que pagaste han vuelto a tu saldo.",
      }),
    ]);
    await rt.jobs.runDue();
    // Each refusal's one bell line names its item (and the post's title); a promotion refused for its content has no reason key.
    const lines = await rt.deps.db
      .selectFrom("notifications")
      .select(["params"])
      .where("user_id", "=", member.id)
      .where("event", "=", "statement_issued")
      .orderBy("id")
      .execute();
    expect(lines.map((line) => JSON.parse(line.params))).toEqual([
      { reference: statementReference(removed), item: "blog", title: "Mi entrada", reason: "third_party" },
      { reference: statementReference(promotion), item: "promotion" },
    ]);
  });

  it("maps an account suspension on a law to the database's account decision, ground and end date", () => {
    const endsAt = Date.UTC(2026, 11, 24, 12);
    const body = tdbStatementOf({
      id: 42,
      subject_kind: "account",
      restriction: "account_suspended",
      ground: "illegal",
      ground_reference: "§ 184b StGB",
      source: "trusted_flagger",
      category: "STATEMENT_CATEGORY_PROTECTION_OF_MINORS",
      ends_at: endsAt,
      created_at: Date.UTC(2026, 11, 10, 9),
      automated_detection: 1,
      automated_decision: 0,
    });
    expect(body).toMatchObject({
      puid: "42",
      decision_account: "DECISION_ACCOUNT_SUSPENDED",
      end_date_account_restriction: "2026-12-24",
      decision_ground: "DECISION_GROUND_ILLEGAL_CONTENT",
      illegal_content_legal_ground: "§ 184b StGB",
      category: "STATEMENT_CATEGORY_PROTECTION_OF_MINORS",
      content_type: ["CONTENT_TYPE_OTHER"],
      source_type: "SOURCE_TRUSTED_FLAGGER",
      automated_detection: "Yes",
      automated_decision: "AUTOMATED_DECISION_NOT_AUTOMATED",
      application_date: "2026-12-10",
    });
    expect(body.decision_visibility).toBeUndefined();
  });

  it("the appeal window is APPEAL_WINDOW_MONTHS calendar months, to the last day of a shorter month", () => {
    expect(APPEAL_WINDOW_MONTHS).toBe(6);
    expect(new Date(appealUntil(Date.UTC(2026, 7, 31, 10))).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(new Date(appealUntil(Date.UTC(2026, 0, 15))).toISOString()).toBe("2026-07-15T00:00:00.000Z");
  });

  it("submits to the Transparency Database in its vocabulary and keeps the uuid", async () => {
    const { statement } = await refusedPhoto("pl", "explicit_public");
    await rt.jobs.runDue();
    const state = await tdbState(statement.id);
    expect(state.tdb_state).toBe("submitted");
    const entry = fake.entries.get(String(statement.id))!;
    expect(state.tdb_uuid).toBe(entry.uuid);
    expect(entry.statement).toMatchObject({
      puid: String(statement.id),
      decision_visibility: ["DECISION_VISIBILITY_CONTENT_DISABLED"],
      decision_ground: "DECISION_GROUND_INCOMPATIBLE_CONTENT",
      category: "STATEMENT_CATEGORY_PORNOGRAPHY_OR_SEXUALIZED_CONTENT",
      content_type: ["CONTENT_TYPE_IMAGE"],
      source_type: "SOURCE_VOLUNTARY",
      automated_detection: "No",
      automated_decision: "AUTOMATED_DECISION_NOT_AUTOMATED",
      application_date: new Date(Number(statement.created_at)).toISOString().slice(0, 10),
    });
    // No personal data: neither the member nor the team's words leave the product.
    expect(JSON.stringify(entry.statement)).not.toContain(statement.facts);
    expect(fake.received).toBe(1);
  });

  it("retries after a 500 and after a timeout without a second entry", async () => {
    const { statement } = await refusedPhoto();
    fake.failNext(1);
    await rt.jobs.runDue();
    expect((await tdbState(statement.id)).tdb_state).toBe("pending");
    expect(fake.received).toBe(1);
    rt.clock.advance(jobBackoffMs(1) + 1);
    await rt.jobs.runDue();
    expect((await tdbState(statement.id)).tdb_state).toBe("submitted");
    expect(fake.received).toBe(2);
    expect(fake.entries.size).toBe(1);

    const timedOut = (await refusedPhoto()).statement;
    setTdb(TDB_URL, 50);
    // The database keeps it but answers after our timeout: the retry learns the uuid from the 422 of its puid.
    fake.delayNext(400);
    await rt.jobs.runDue();
    expect((await tdbState(timedOut.id)).tdb_state).toBe("pending");
    expect(fake.entries.has(String(timedOut.id))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 450));
    rt.clock.advance(jobBackoffMs(1) + 1);
    await rt.jobs.runDue();
    const state = await tdbState(timedOut.id);
    expect(state).toMatchObject({ tdb_state: "submitted", tdb_uuid: fake.entries.get(String(timedOut.id))!.uuid });
    expect(fake.entries.size).toBe(2);
    expect(fake.received).toBe(4);
  });

  it("gives up to `failed` after the last try", async () => {
    const { statement } = await refusedPhoto();
    fake.failNext(1000);
    await runWithRetries(TDB_MAX_ATTEMPTS - 1);
    expect(fake.received).toBe(TDB_MAX_ATTEMPTS);
    expect(await tdbState(statement.id)).toMatchObject({ tdb_state: "failed", tdb_uuid: null });
    expect(fake.entries.size).toBe(0);
  });

  it("the data export has the member's statements and the reports about them, without who reported", async () => {
    setTdb(null, 2_000);
    const { member, statement } = await refusedPhoto();
    const reporter = await createUser(rt, { userType: USER_TYPE.client });
    await rt.deps.db
      .insertInto("reports")
      .values({
        user_id: reporter.id,
        reporter_key: `u:${reporter.id}`,
        reporter_name: "Reporter Name",
        reporter_email: reporter.email,
        object_kind: "profile",
        object_id: member.id,
        url: null,
        object_ref: `profile:${member.id}`,
        target_user_id: member.id,
        type: "spam",
        priority: 4,
        text: "the reporter's own words",
        language: "de",
        created_at: rt.clock.now(),
        outcome: null,
        statement: null,
        decided_by: null,
        decided_at: null,
        email_token_hash: null,
        email_token_expires_at: null,
        email_confirmed_at: null,
      })
      .execute();
    const archive = await buildExportArchive(rt.deps.db, createMediaStorage(rt.deps.config), {
      userId: member.id,
      readme: "readme",
      now: rt.clock.now(),
    });
    const entries = await unzip(archive);
    const statements = JSON.parse(entries.get("statements.json")!.toString("utf8")) as { statements: StatementView[] };
    expect(statements.statements).toEqual([
      expect.objectContaining({ id: statement.id, reference: statementReference(statement.id), terms_clause: "contact_details" }),
    ]);
    const about = entries.get("reports-about-me.json")!.toString("utf8");
    expect(JSON.parse(about)).toEqual({
      reports: [
        {
          object_kind: "profile",
          object_id: member.id,
          type: "spam",
          created_at: rt.clock.now(),
          state: "open",
          outcome: null,
          decided_at: null,
        },
      ],
    });
    expect(about).not.toMatch(/Reporter Name|reporter|own words/);
    expect(about).not.toContain(reporter.email);
  });
});
