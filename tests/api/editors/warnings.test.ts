/**
 * The escorts' shared warning list through the real API on both databases (issue 30 item 6, ADR 121): a client
 * shows as warned only after three distinct verified escorts reported violence or non-payment AND the team
 * confirmed; only escorts see it (not the client, other clients or guests); the list holds a keyed hash, never the
 * id; the client gets a statement, sees the entry, objects, and backend staff lift it; the entry expires 12 months
 * after the newest report; the data export carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_TYPE } from "#server/contract/users";
import { VERIFICATION_STATUS } from "#server/contract/verification";
import { WARNING_EXPIRY_DAYS, type OwnWarning, type WarningQueue, type WarningVisibility } from "#server/contract/warnings";
import { warningForExport, warningHashOf } from "#server/modules/warnings/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, listedMember, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

type Answer<T> = { data: T; errors: Array<{ key: string; source?: string }> };
const DAY = 24 * 60 * 60 * 1000;

describe(`warning list (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let team: { id: number; token: string };
  let backend: { id: number; token: string };
  beforeAll(async () => {
    rt = await createTestRuntime();
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    backend = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const api = <T>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  const warned = async (token: string, userId: number) =>
    (await api<WarningVisibility>(token, "GET", `/warnings/members/${userId}`)).json.data.warned;

  async function verifiedEscort() {
    const escort = await listedMember(rt, USER_TYPE.escort);
    await rt.deps.db
      .insertInto("verification_checks")
      .values({
        user_id: escort.id,
        kind: "id",
        status: VERIFICATION_STATUS.verified,
        code: null,
        code_expires_at: null,
        file_prefix: null,
        created_at: rt.clock.now(),
        submitted_at: rt.clock.now(),
        due_at: null,
        decided_at: rt.clock.now(),
        decided_by: team.id,
        reason: null,
        files_deleted_at: null,
        reset_at: null,
      })
      .execute();
    return escort;
  }
  const report = (token: string, clientId: number, type = "violence") =>
    api(token, "POST", "/reports", {
      kind: "profile",
      object_id: clientId,
      type,
      text: "Beim Treffen ist etwas passiert.",
      good_faith: true,
    });
  const inQueue = async (clientId: number) =>
    (await api<WarningQueue>(team.token, "GET", "/backoffice/warnings")).json.data.items.some((item) => item.user_id === clientId);

  it("shows only after three distinct verified escorts reported and the team confirmed; to escorts only", async () => {
    const client = await listedMember(rt, USER_TYPE.client);
    const [a, b, c] = [await verifiedEscort(), await verifiedEscort(), await verifiedEscort()];
    const unverified = await listedMember(rt, USER_TYPE.escort);
    const otherClient = await listedMember(rt, USER_TYPE.client);

    const first = await report(a.token, client.id);
    expect(first.json.errors ?? []).toEqual([]);
    expect(first.status).toBe(202);
    // The same escort twice, an unverified escort and another client's report do not count.
    await report(a.token, client.id, "non_payment");
    await report(unverified.token, client.id);
    await report(b.token, client.id, "non_payment");
    expect(await inQueue(client.id)).toBe(false);
    expect((await api(team.token, "POST", `/backoffice/warnings/${client.id}`, { outcome: "confirm" })).status).toBe(409);

    await report(c.token, client.id);
    expect(await inQueue(client.id)).toBe(true);
    // Three reporters but no confirmation yet: nothing shows.
    expect(await warned(a.token, client.id)).toBe(false);

    // Members may not decide (403); the team may.
    expect((await api(a.token, "POST", `/backoffice/warnings/${client.id}`, { outcome: "confirm" })).status).toBe(403);
    expect((await api(a.token, "GET", "/backoffice/warnings")).status).toBe(403);
    // A reason is kept for the trail; an overlong one is refused at its field.
    const overlong = await api(team.token, "POST", `/backoffice/warnings/${client.id}`, { outcome: "confirm", reason: "x".repeat(501) });
    expect(overlong.status).toBe(400);
    expect(overlong.json.errors[0]).toMatchObject({ key: "validation.editors.too_long", source: "reason" });
    const decided = await api(team.token, "POST", `/backoffice/warnings/${client.id}`, {
      outcome: "confirm",
      reason: "Drei unabhängige Schilderungen.",
    });
    expect(decided.status).toBe(200);
    expect(await inQueue(client.id)).toBe(false);

    expect(await warned(a.token, client.id)).toBe(true);
    expect(await warned(unverified.token, client.id)).toBe(true);
    expect(await warned(otherClient.token, client.id)).toBe(false);
    expect(await warned(client.token, client.id)).toBe(false);
    expect((await api(undefined, "GET", `/warnings/members/${client.id}`)).status).toBe(401);
    // Another client is not warned.
    expect(await warned(a.token, otherClient.id)).toBe(false);

    // The list names nobody: its row is the keyed hash, not the id.
    const flags = await rt.deps.db.selectFrom("warning_flags").selectAll().execute();
    const flag = flags.find((f) => f.subject_hash === warningHashOf(rt.deps.config.appSecret, client.id))!;
    expect(flag).toMatchObject({ state: "confirmed", reporters: 3 });
    expect(JSON.stringify(flag)).not.toContain(`"${client.id}"`);
    // The client was told (a statement of reasons) and the trail has one row.
    const statements = await rt.deps.db.selectFrom("statements").selectAll().where("user_id", "=", client.id).execute();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ restriction: "service_restricted", subject_kind: "account" });
    expect(statements[0]!.facts).not.toContain(a.username);
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "warning.confirm")
      .where("subject_id", "=", String(flag.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toBe("Drei unabhängige Schilderungen.");

    // The client sees the entry, never the reporters; objects; backend staff lift it.
    const own = await api<OwnWarning>(client.token, "GET", "/warnings/me");
    // What the reports were about, in the contract's order, without who filed them.
    expect(own.json.data).toMatchObject({ flagged: true, categories: ["violence", "non_payment"], objection: null });
    expect(JSON.stringify(own.json.data)).not.toContain(a.username);
    expect((await api(client.token, "POST", "/warnings/me/objection", { text: "kurz" })).status).toBe(400);
    expect(
      (await api(otherClient.token, "POST", "/warnings/me/objection", { text: "Ich stehe auf keiner Liste, bitte prüfen." })).status,
    ).toBe(404);
    const objected = await api<OwnWarning>(client.token, "POST", "/warnings/me/objection", {
      text: "Das Treffen hat so nie stattgefunden, bitte prüfen Sie es.",
    });
    expect(objected.status).toBe(200);
    expect(objected.json.data.objection?.state).toBe("open");
    expect((await api(client.token, "POST", "/warnings/me/objection", { text: "Noch einmal: bitte prüfen Sie es genau." })).status).toBe(
      409,
    );
    const exported = await warningForExport(rt.deps, client.id);
    expect(exported).toMatchObject({ flagged: true, objections: [{ outcome: null }] });

    const objections = await api<{ items: Array<{ id: number; user_id: number }> }>(backend.token, "GET", "/backoffice/warning-objections");
    const objection = objections.json.data.items.find((item) => item.user_id === client.id)!;
    // The team may not decide objections (trust.manage is backend's).
    expect((await api(team.token, "POST", `/backoffice/warning-objections/${objection.id}`, { outcome: "lift" })).status).toBe(403);
    expect((await api(backend.token, "POST", `/backoffice/warning-objections/${objection.id}`, { outcome: "lift" })).status).toBe(200);
    expect(await warned(a.token, client.id)).toBe(false);
    expect((await api<OwnWarning>(client.token, "GET", "/warnings/me")).json.data).toMatchObject({
      flagged: false,
      objection: { state: "lifted" },
      categories: [],
    });
  });

  it("a rejected entry stays hidden; a confirmed one expires twelve months after the newest report", async () => {
    const client = await listedMember(rt, USER_TYPE.client);
    const escorts = [await verifiedEscort(), await verifiedEscort(), await verifiedEscort()];
    for (const escort of escorts) await report(escort.token, client.id, "non_payment");
    expect((await api(team.token, "POST", `/backoffice/warnings/${client.id}`, { outcome: "reject" })).status).toBe(200);
    expect(await warned(escorts[0]!.token, client.id)).toBe(false);
    expect(await inQueue(client.id)).toBe(false);

    // A new report after the rejection asks the team again; this time it confirms.
    rt.clock.advance(60_000);
    const fourth = await verifiedEscort();
    await report(fourth.token, client.id);
    expect(await inQueue(client.id)).toBe(true);
    expect((await api(team.token, "POST", `/backoffice/warnings/${client.id}`, { outcome: "confirm" })).status).toBe(200);
    expect(await warned(fourth.token, client.id)).toBe(true);

    rt.clock.advance((WARNING_EXPIRY_DAYS - 1) * DAY);
    const viewer = await verifiedEscort();
    expect(await warned(viewer.token, client.id)).toBe(true);
    rt.clock.advance(2 * DAY);
    const later = await verifiedEscort();
    expect(await warned(later.token, client.id)).toBe(false);
    const flag = await rt.deps.db
      .selectFrom("warning_flags")
      .select("state")
      .where("subject_hash", "=", warningHashOf(rt.deps.config.appSecret, client.id))
      .executeTakeFirstOrThrow();
    expect(flag.state).toBe("expired");
  });
});
