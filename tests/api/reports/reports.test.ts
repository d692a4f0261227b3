/**
 * Reports and notices (issue 11 item 5, ADR 038) through the real API on a real database: members and
 * guests file, the reporter reads only their own reports, only staff read the queue and decide, and the
 * reporter is told by mail when the report arrives and what was decided.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_STATUS } from "#server/contract/media";
import { REPORT_LIMITS, REPORT_TYPES_BY_KIND, reportReference, type OwnReport, type ReportQueue } from "#server/contract/reports";
import { USER_TYPE } from "#server/contract/users";
import { REPORT_GUEST_LIMIT, REPORT_MEMBER_LIMIT } from "#server/modules/reports/service";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { deletionLinkToken } from "../../helpers/mail";

interface Answer<T = unknown> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}

describe(`reports (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let ipCounter = 0;
  const freshIp = () => `203.0.113.${++ipCounter % 250}`;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function member(userType: number = USER_TYPE.escort) {
    const user = await createUser(rt, { userType });
    if (userType !== USER_TYPE.team) await addBerlinProfile(rt, user.id, user.username);
    return { ...user, token: String((await login(rt, user.username, user.password, freshIp())).body.access_token) };
  }

  async function call<T>(method: string, path: string, init: { token?: string; body?: unknown; ip?: string; lang?: string } = {}) {
    const response = await rt.request(`/api/v2${path}`, {
      method,
      token: init.token,
      ip: init.ip ?? freshIp(),
      headers: { "content-type": "application/json", "accept-language": init.lang ?? "de" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, json: (await response.json()) as Answer<T> };
  }

  const explanation = "Das Profil bietet Treffen ohne Kondom an, siehe Beschreibung.";
  const mailsTo = (recipient: string) =>
    rt.deps.db.selectFrom("mail_outbox").selectAll().where("recipient", "=", recipient).orderBy("id").execute();

  it("files a member's report of a profile, confirms it by mail and lists it as the member's own", async () => {
    const reporter = await member(USER_TYPE.client);
    const escort = await member();
    const filed = await call<{ id: number; reference: string; state: string }>("POST", "/reports", {
      token: reporter.token,
      body: { kind: "profile", object_id: escort.id, type: "unprotected_sex", text: explanation, good_faith: true },
    });
    expect(filed.status).toBe(202);
    expect(filed.json.data).toEqual({
      id: expect.any(Number),
      reference: reportReference(filed.json.data!.id),
      state: "open",
      receipt: "sent",
    });
    const mails = await mailsTo(reporter.email);
    expect(mails.at(-1)).toMatchObject({ template: "report_received", language: "de" });
    expect(mails.at(-1)!.subject).toContain(filed.json.data!.reference);

    const list = await call<{ items: OwnReport[]; total: number }>("GET", "/reports", { token: reporter.token });
    expect(list.json.data?.total).toBe(1);
    expect(list.json.data?.items[0]).toMatchObject({
      kind: "profile",
      object_id: escort.id,
      username: escort.username,
      state: "open",
      decision: null,
    });

    // A second report on the same object while the first is open: 409, nothing filed.
    const again = await call("POST", "/reports", {
      token: reporter.token,
      body: { kind: "profile", object_id: escort.id, type: "fake_profile", good_faith: true },
    });
    expect(again.status).toBe(409);
    expect(again.json.errors?.[0]?.key).toBe("exception.reports.already_open");
  });

  it("lets nobody read another member's report, and guests none", async () => {
    const alice = await member(USER_TYPE.client);
    const bob = await member(USER_TYPE.client);
    const escort = await member();
    const filed = await call<{ id: number }>("POST", "/reports", {
      token: alice.token,
      body: { kind: "profile", object_id: escort.id, type: "scam", good_faith: true },
    });
    const id = filed.json.data!.id;
    expect((await call("GET", `/reports/${id}`, { token: alice.token })).status).toBe(200);
    expect((await call("GET", `/reports/${id}`, { token: bob.token })).status).toBe(404);
    expect((await call("GET", `/reports/${id}`, { token: escort.token })).status).toBe(404);
    expect((await call<{ total: number }>("GET", "/reports", { token: bob.token })).json.data?.total).toBe(0);
    expect((await call("GET", `/reports/${id}`)).status).toBe(401);
    expect((await call("GET", "/reports")).status).toBe(401);
    expect((await call("GET", "/reports/99999999999")).status).toBe(401);
    expect((await call("GET", "/reports/abc", { token: bob.token })).status).toBe(404);
    expect((await call("GET", "/reports?page=1&x=1", { token: bob.token })).status).toBe(400);
  });

  it("takes a guest's notice by web address, resolves a profile address, and needs name, e-mail and an explanation", async () => {
    const escort = await member();
    const url = `https://velora.test/de/p/${escort.username}`;
    const missing = await call("POST", "/reports", { body: { kind: "page", url, type: "unprotected_sex", good_faith: true } });
    expect(missing.status).toBe(400);
    expect(missing.json.errors?.[0]).toMatchObject({ key: "validation.reports.name_required", source: "name" });
    const noText = await call("POST", "/reports", {
      body: { kind: "page", url, type: "unprotected_sex", name: "Gast", email: "gast@example.com", good_faith: true },
    });
    expect(noText.json.errors?.[0]).toMatchObject({ key: "validation.reports.text_required", source: "text" });
    const unconfirmed = await call("POST", "/reports", {
      body: { kind: "page", url, type: "unprotected_sex", name: "Gast", email: "gast@example.com", text: explanation },
    });
    expect(unconfirmed.json.errors?.[0]).toMatchObject({ key: "validation.reports.good_faith_required", source: "good_faith" });

    const filed = await call<{ id: number }>("POST", "/reports", {
      lang: "en",
      body: {
        kind: "page",
        url,
        type: "unprotected_sex",
        name: "Gast",
        email: "Gast.Notice@example.com",
        text: explanation,
        good_faith: true,
      },
    });
    expect(filed.status).toBe(202);
    const row = await rt.deps.db.selectFrom("reports").selectAll().where("id", "=", filed.json.data!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      object_kind: "profile",
      object_id: escort.id,
      target_user_id: escort.id,
      user_id: null,
      url,
      language: "en",
    });
    // An unverified address gets only the confirmation link (ADR 059; tests/api/reports/notice-confirmation.test.ts),
    // which repeats nothing the guest typed.
    const mails = await mailsTo("Gast.Notice@example.com");
    expect(mails.map((mail) => [mail.template, mail.language])).toEqual([["report_email_confirm", "en"]]);
    expect(mails[0]!.text_body).not.toContain("Gast");
    expect(mails[0]!.text_body).not.toContain(url);

    // A page that is no profile stays a notice by address, unchecked.
    const other = await call<{ id: number }>("POST", "/reports", {
      body: {
        kind: "page",
        url: "https://velora.test/de/about/magazine/x",
        type: "illegal_content",
        name: "G",
        email: "g@example.com",
        text: explanation,
        good_faith: true,
      },
    });
    expect(other.status).toBe(202);
    // An underage report may be anonymous (DSA Art. 16(2)(c)).
    const anonymous = await call("POST", "/reports", {
      body: { kind: "page", url, type: "underage", text: explanation, good_faith: true },
    });
    expect(anonymous.status).toBe(202);
  });

  it("validates kinds, types, ids and lengths, and never answers 5xx", async () => {
    const reporter = await member(USER_TYPE.client);
    const escort = await member();
    const post = (body: unknown) => call("POST", "/reports", { token: reporter.token, body });
    const cases: Array<[unknown, number, string]> = [
      [{ kind: "profile", object_id: escort.id, type: "fake_review", good_faith: true }, 400, "validation.reports.type_invalid"],
      [{ kind: "spaceship", object_id: 1, type: "spam", good_faith: true }, 400, "validation.reports.kind_invalid"],
      [{ kind: "profile", type: "spam", good_faith: true }, 400, "validation.reports.object_invalid"],
      [{ kind: "profile", object_id: 2_147_483_647, type: "spam", good_faith: true }, 404, "exception.reports.object_not_found"],
      [{ kind: "profile", object_id: reporter.id, type: "spam", good_faith: true }, 400, "exception.reports.own_object"],
      [{ kind: "profile", object_id: escort.id, type: "other", good_faith: true }, 400, "validation.reports.text_required"],
      [{ kind: "profile", object_id: escort.id, type: "spam", text: "kurz", good_faith: true }, 400, "validation.reports.text_too_short"],
      [
        { kind: "profile", object_id: escort.id, type: "spam", text: "x".repeat(REPORT_LIMITS.textMax + 1), good_faith: true },
        400,
        "validation.reports.text_too_long",
      ],
      [{ kind: "date", object_id: 5, type: "scam", good_faith: true }, 400, "validation.reports.url_required"],
      [
        { kind: "page", url: "javascript:alert(1)", type: "spam", text: explanation, good_faith: true },
        400,
        "validation.reports.url_invalid",
      ],
      [{ kind: "profile", object_id: "1", type: "spam", good_faith: true }, 400, "validation.reports.object_invalid"],
    ];
    for (const [body, status, key] of cases) {
      const answer = await post(body);
      expect(answer.status, key).toBe(status);
      expect(
        answer.json.errors?.map((e) => e.key),
        key,
      ).toContain(key);
    }
    // A kind without a table yet: taken by kind, id and the exact location.
    // (Messages have their table since the messenger, ADR 043: tests/api/messenger; blogs since issue 29: tests/api/blogs;
    // live streams and recordings since issue 31: tests/api/live.)
    const date = await post({
      kind: "date",
      object_id: 5,
      url: "https://velora.test/de/my_date",
      type: "scam",
      text: explanation,
      good_faith: true,
    });
    expect(date.status).toBe(202);
    expect(REPORT_TYPES_BY_KIND.recording).toContain("copyright");
    for (const raw of ["", "null", "[]", "{", '{"kind":"profile","object_id":1e400}']) {
      const response = await rt.request("/api/v2/reports", {
        method: "POST",
        token: reporter.token,
        ip: freshIp(),
        headers: { "content-type": "application/json" },
        body: raw,
      });
      expect(response.status, raw).toBeGreaterThanOrEqual(400);
      expect(response.status, raw).toBeLessThan(500);
    }
  });

  /** A photo row of `userId` at `position` (no file: reports never read one); its id. */
  const insertPhoto = (userId: number, position: number, state: { visibility: string; status: number }) =>
    rt.deps.db
      .insertInto("media")
      .values({
        user_id: userId,
        kind: "photo",
        ...state,
        storage_key: `test/${userId}-${position}-${state.visibility}-${state.status}.jpg`,
        mime_type: "image/jpeg",
        width: 100,
        height: 100,
        bytes: 100,
        position,
        created_at: rt.clock.now(),
        variant_widths: null,
        duration_ms: null,
        watermark: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

  it("reports photos with their owner as target; a blocked relation does not stop a report", async () => {
    const reporter = await member(USER_TYPE.client);
    const escort = await member();
    const media = await insertPhoto(escort.id, 0, { visibility: "public", status: MEDIA_STATUS.accepted });
    // Blocked both ways: safety first, the report still goes through.
    expect((await call("POST", `/block/${escort.username}`, { token: reporter.token })).status).toBe(200);
    const photo = await call<{ id: number }>("POST", "/reports", {
      token: reporter.token,
      body: { kind: "media", object_id: media.id, type: "non_consensual_imagery", text: explanation, good_faith: true },
    });
    expect(photo.status).toBe(202);
    const row = await rt.deps.db.selectFrom("reports").selectAll().where("id", "=", photo.json.data!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ target_user_id: escort.id, priority: 2, object_checked: 1 });
    expect(
      (
        await call("POST", "/reports", {
          token: escort.token,
          body: { kind: "media", object_id: media.id, type: "spam", good_faith: true },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call("POST", "/reports", {
          token: reporter.token,
          body: { kind: "media", object_id: 2_000_000_000, type: "spam", good_faith: true },
        })
      ).status,
    ).toBe(404);
    // Media ids are sequential: a photo the reporter may not see (private, or not yet accepted) answers like an
    // unknown id, so counting through ids reveals nothing.
    for (const hidden of [
      { visibility: "private", status: MEDIA_STATUS.accepted },
      { visibility: "public", status: MEDIA_STATUS.pending },
    ]) {
      const other = await insertPhoto(escort.id, 1, hidden);
      const probe = await call("POST", "/reports", {
        token: reporter.token,
        body: { kind: "media", object_id: other.id, type: "spam", good_faith: true },
      });
      expect(probe.status, JSON.stringify(hidden)).toBe(404);
      expect(probe.json.errors?.[0]?.key).toBe("exception.reports.object_not_found");
    }
  });

  it("takes by id only profiles the reporter can see or is blocked from; paused and banned ones by their address", async () => {
    const reporter = await member(USER_TYPE.client);
    const post = (objectId: number) =>
      call("POST", "/reports", {
        token: reporter.token,
        body: { kind: "profile", object_id: objectId, type: "trafficking", good_faith: true },
      });
    // By id, a profile the reporter cannot see answers like an unknown id: filing tells nobody it exists, and
    // the member's own list never names it. A notice naming its address still reaches the queue (the record matters).
    for (const status of ["paused", "banned", "deactivated"] as const) {
      const target = await member();
      await rt.deps.db.updateTable("users").set({ status }).where("id", "=", target.id).execute();
      expect((await post(target.id)).status, status).toBe(404);
      const notice = await call<{ id: number }>("POST", "/reports", {
        token: reporter.token,
        body: {
          kind: "page",
          url: `https://velora.test/de/p/${target.username}`,
          type: "trafficking",
          text: explanation,
          good_faith: true,
        },
      });
      expect(notice.status, status).toBe(202);
      const row = await rt.deps.db.selectFrom("reports").selectAll().where("id", "=", notice.json.data!.id).executeTakeFirstOrThrow();
      expect(row, status).toMatchObject({ object_kind: "profile", target_user_id: target.id });
    }
    const unfinished = await createUser(rt, { userType: USER_TYPE.escort });
    expect((await post(unfinished.id)).status).toBe(404);
    // A member who blocked the reporter is hidden from them, but a block must not silence the harassed.
    const blocker = await member();
    expect((await call("POST", `/block/${reporter.username}`, { token: blocker.token })).status).toBe(200);
    expect((await post(blocker.id)).status).toBe(202);
    const deleted = await createUser(rt, { userType: USER_TYPE.escort });
    await rt.deps.db.updateTable("users").set({ status: "deleted" }).where("id", "=", deleted.id).execute();
    expect((await post(deleted.id)).status).toBe(404);
    const staff = await createUser(rt, { userType: USER_TYPE.team });
    expect((await post(staff.id)).status).toBe(404);
  });

  it("never tells a guest whether an address reported something: no 409 for guests, and nobody blocks another's notice", async () => {
    const escort = await member();
    const notice = (email: string) => ({
      kind: "profile",
      object_id: escort.id,
      type: "spam",
      name: "Gast",
      email,
      text: explanation,
      good_faith: true,
    });
    expect((await call("POST", "/reports", { body: notice("victim@example.com") })).status).toBe(202);
    // The reported member, signed out, tries the victim's address: the same answer as for any other address.
    expect((await call("POST", "/reports", { body: notice("Victim@Example.com") })).status).toBe(202);
    expect((await call("POST", "/reports", { body: notice("someone.else@example.com") })).status).toBe(202);
  });

  it("holds the limits under parallel posts: the hit is counted before the check", async () => {
    const reporter = await member(USER_TYPE.client);
    const targets = await Promise.all(Array.from({ length: REPORT_MEMBER_LIMIT.limit + 6 }, () => member()));
    const answers = await Promise.all(
      targets.map((target) =>
        call("POST", "/reports", {
          token: reporter.token,
          body: { kind: "profile", object_id: target.id, type: "spam", good_faith: true },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(REPORT_MEMBER_LIMIT.limit);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(6);
    const ip = "192.0.2.91";
    const guests = await Promise.all(
      Array.from({ length: REPORT_GUEST_LIMIT.limit + 4 }, (_, i) =>
        call("POST", "/reports", {
          ip,
          body: {
            kind: "page",
            url: `https://velora.test/de/y/${i}`,
            type: "spam",
            name: "G",
            email: `p${i}@example.com`,
            text: explanation,
            good_faith: true,
          },
        }),
      ),
    );
    expect(guests.filter((a) => a.status === 202)).toHaveLength(REPORT_GUEST_LIMIT.limit);
  });

  it("limits reports per member and per guest address", async () => {
    const reporter = await member(USER_TYPE.client);
    const targets = await Promise.all(Array.from({ length: REPORT_MEMBER_LIMIT.limit + 1 }, () => member()));
    for (let i = 0; i < REPORT_MEMBER_LIMIT.limit; i++) {
      const answer = await call("POST", "/reports", {
        token: reporter.token,
        body: { kind: "profile", object_id: targets[i]!.id, type: "spam", good_faith: true },
      });
      expect(answer.status).toBe(202);
    }
    const over = await call("POST", "/reports", {
      token: reporter.token,
      body: { kind: "profile", object_id: targets.at(-1)!.id, type: "spam", good_faith: true },
    });
    expect(over.status).toBe(429);
    expect(over.json.errors?.[0]?.key).toBe("exception.reports.exceeded_limit");

    const ip = "192.0.2.77";
    const notice = (i: number) => ({
      kind: "page",
      url: `https://velora.test/de/x/${i}`,
      type: "spam",
      name: "G",
      email: `g${i}@example.com`,
      text: explanation,
      good_faith: true,
    });
    for (let i = 0; i < REPORT_GUEST_LIMIT.limit; i++) expect((await call("POST", "/reports", { ip, body: notice(i) })).status).toBe(202);
    expect((await call("POST", "/reports", { ip, body: notice(99) })).status).toBe(429);
  });

  it("keeps one open report per reporter and object under concurrent posts", async () => {
    const reporter = await member(USER_TYPE.client);
    const escort = await member();
    const body = { kind: "profile", object_id: escort.id, type: "spam", good_faith: true };
    const answers = await Promise.all([1, 2, 3].map(() => call("POST", "/reports", { token: reporter.token, body })));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409]);
  });

  it("shows the queue and takes decisions only from staff, most urgent first; the reporter learns the decision", async () => {
    const team = await member(USER_TYPE.team);
    const reporter = await member(USER_TYPE.client);
    const guestMail = "guest.decision@example.com";
    const escort = await member();
    const spam = await call<{ id: number }>("POST", "/reports", {
      token: reporter.token,
      body: { kind: "profile", object_id: escort.id, type: "spam", good_faith: true },
    });
    rt.clock.advance(1000);
    const minor = await call<{ id: number }>("POST", "/reports", {
      body: {
        kind: "page",
        url: `https://velora.test/de/p/${escort.username}`,
        type: "underage",
        name: "G",
        email: guestMail,
        text: explanation,
        good_faith: true,
      },
    });
    // Only these two are open (earlier tests filed more).
    await rt.deps.db
      .updateTable("reports")
      .set({ state: "decided" })
      .where("id", "not in", [spam.json.data!.id, minor.json.data!.id])
      .execute();
    // Members, the reported escort and guests: no queue, no decision.
    for (const token of [reporter.token, escort.token]) {
      expect((await call("GET", "/backoffice/reports", { token })).status).toBe(403);
      expect(
        (
          await call("POST", `/backoffice/reports/${spam.json.data!.id}/decide`, {
            token,
            body: { outcome: "no_action", statement: explanation },
          })
        ).status,
      ).toBe(403);
    }
    expect((await call("GET", "/backoffice/reports")).status).toBe(401);

    const queue = await call<ReportQueue>("GET", "/backoffice/reports", { token: team.token });
    expect(queue.status).toBe(200);
    const ids = queue.json.data!.items.map((item) => item.id);
    expect(ids.indexOf(minor.json.data!.id)).toBeLessThan(ids.indexOf(spam.json.data!.id));
    expect(queue.json.data!.items.find((item) => item.id === minor.json.data!.id)).toMatchObject({
      priority: 1,
      target: { id: escort.id, username: escort.username },
      reporter: { guest: true, email: guestMail, mail: "unconfirmed" },
    });
    expect(queue.json.data!.items.find((item) => item.id === spam.json.data!.id)?.reporter.mail).toBe("account");

    const invalid = await call("POST", `/backoffice/reports/${spam.json.data!.id}/decide`, {
      token: team.token,
      body: { outcome: "maybe", statement: "kurz" },
    });
    expect(invalid.status).toBe(400);
    const statement = "Das Profil wurde geprüft; die Angebote verstoßen gegen § 32 ProstSchG.";
    const escortMailsBefore = (await mailsTo(escort.email)).length;
    const decided = await call<OwnReport>("POST", `/backoffice/reports/${spam.json.data!.id}/decide`, {
      token: team.token,
      body: { outcome: "account_banned", statement },
    });
    expect(decided.status).toBe(200);
    // Every open report on the object is decided with it; again: 409.
    expect(
      (
        await call("POST", `/backoffice/reports/${minor.json.data!.id}/decide`, {
          token: team.token,
          body: { outcome: "no_action", statement },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call("POST", "/backoffice/reports/2000000000/decide", { token: team.token, body: { outcome: "no_action", statement } }))
        .status,
    ).toBe(404);

    const own = await call<OwnReport>("GET", `/reports/${spam.json.data!.id}`, { token: reporter.token });
    expect(own.json.data).toMatchObject({
      state: "decided",
      decision: { outcome: "account_banned", statement, decided_at: rt.clock.now() },
    });
    expect((await mailsTo(reporter.email)).at(-1)).toMatchObject({ template: "report_decided" });
    expect((await mailsTo(reporter.email)).at(-1)!.text_body).toContain(statement);
    // The guest never confirmed the address: no receipt, no decision (ADR 059).
    expect((await mailsTo(guestMail)).map((mail) => mail.template)).toEqual(["report_email_confirm"]);
    // One message per decision (ADR 128): the affected member gets the statement's mail only, with the facts, that a
    // report set it off, the signed complaint link a banned member needs and the out-of-court ways.
    await rt.jobs.runDue();
    const told = (await mailsTo(escort.email)).slice(escortMailsBefore);
    expect(told.map((mail) => mail.template)).toEqual(["statement_issued"]);
    expect(told[0]!.text_body).toContain(statement);
    expect(told[0]!.text_body).toContain("Anlass war eine Meldung");
    expect(told[0]!.text_body).toMatch(/\/de\/appeal\/[\w.-]+/);
    expect(told[0]!.text_body).toContain("außergerichtliche Streitbeilegungsstelle");
    const banned = await rt.deps.db.selectFrom("users").select("status").where("id", "=", escort.id).executeTakeFirstOrThrow();
    expect(banned.status).toBe("banned");
    expect((await call("GET", `/profiles/${escort.username}/detail`)).status).toBe(404);
  });

  it("keeps the report but forgets the reporter when the reporter deletes their account", async () => {
    const reporter = await member(USER_TYPE.client);
    const escort = await member();
    const filed = await call<{ id: number }>("POST", "/reports", {
      token: reporter.token,
      body: { kind: "profile", object_id: escort.id, type: "spam", good_faith: true },
    });
    expect(
      (await call("POST", "/user/delete", { token: reporter.token, body: { current_password: reporter.password } })).status,
    ).toBeLessThan(300);
    const token = await deletionLinkToken(rt, reporter.email);
    expect((await call("POST", "/user/delete/confirm", { body: { token } })).status).toBe(200);
    const row = await rt.deps.db.selectFrom("reports").selectAll().where("id", "=", filed.json.data!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, reporter_key: null, reporter_email: null, reporter_name: null, target_user_id: escort.id });
  });
});
