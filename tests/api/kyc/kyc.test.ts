/**
 * KYC for payouts through the real API on both databases (issue 30 item 3, ADR 109): a payout refused without each
 * step (identity, age, the agreement, the screening) and allowed once all are done; the signature's version, text
 * hash, name and browser stored, a changed text refused, a new version signed again; an AML hit waiting for backend
 * staff (the team and members refused), cleared or rejected with statements; a provider error retried by the job;
 * another member's KYC closed; the expiry job holding a waiting payout with its statement until a new screening;
 * staff's reset and expiry with a reason, an audit row each, and the member told.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KycAgreementAnswer, KycAnswer, KycQueue } from "#server/contract/kyc";
import { AML_VALID_MONTHS } from "#server/contract/kyc";
import { statementReference, type StatementView } from "#server/contract/statements";
import { CREATOR_AGREEMENT_VERSION } from "#server/contract/kyc-agreement";
import type { PayoutOverview, PayoutQueue, PayoutRequestAnswer } from "#server/contract/payouts";
import { USER_TYPE } from "#server/contract/users";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
import { kycStateOf } from "#server/modules/kyc/index";
import { callJson } from "../../helpers/api-call";
import { freshIp } from "../../helpers/auth";
import { verifyAge, verifyIdentity } from "../../helpers/kyc";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

type Answer<T> = { data: T; errors?: Array<{ key: string; source?: string; params?: Record<string, string | number> }> };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const CODE = "314159";

describe(`kyc (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let backendUser: { id: number; username: string; password: string };
  let teamUser: { id: number; username: string; password: string };
  beforeAll(async () => {
    rt = await createTestRuntime();
    backendUser = await createUser(rt, { userType: USER_TYPE.backend });
    teamUser = await createUser(rt, { userType: USER_TYPE.team });
  }, 60_000);
  afterAll(() => rt.close());

  const call = <T>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  const backend = () => signIn(rt, backendUser, freshIp());
  const again = <U extends { username: string; password: string }>(user: U) => signIn(rt, user, freshIp());

  /** A signed-in escort with a secure code, an IBAN past its block and `dollars` available — KYC not started. */
  async function payableEscort(dollars = 500) {
    const user = await signIn(rt, await createUser(rt, { userType: USER_TYPE.escort }), freshIp());
    expect((await call(user.token, "POST", "/payouts/secure-code", { code: CODE, code_confirm: CODE })).status).toBe(200);
    const saved = await call(user.token, "PUT", "/payouts/bank-account", {
      iban: "DE89370400440532013000",
      holder: "Erika Muster",
      bic: "",
      secure_code: CODE,
    });
    expect(saved.status).toBe(200);
    rt.clock.advance(48 * HOUR + 1);
    if (dollars > 0)
      await postOperation(rt.deps, {
        key: `kyc-test-grant:${randomUUID()}`,
        kind: "GRANT",
        currency: "dollar",
        actorId: null,
        transfers: dollarOperations.grant(user.id, dollars).transfers,
      });
    return again(user);
  }

  const payout = (token: string, amount = 100) =>
    call<PayoutRequestAnswer>(token, "POST", "/payouts", { amount, secure_code: CODE, key: randomUUID() });

  async function sign(token: string, fullName: string, language: "de" | "en" = "de") {
    const agreement = await call<KycAgreementAnswer>(token, "GET", `/kyc/agreement?language=${language}`);
    expect(agreement.status).toBe(200);
    return call<KycAnswer>(token, "POST", "/kyc/agreement", {
      version: agreement.json.data.version,
      language,
      text_sha256: agreement.json.data.text_sha256,
      full_name: fullName,
      confirm: true,
    });
  }

  /** Completes the escort's KYC (identity, age, the agreement signed as `fullName`) and asks for a payout: its id. */
  async function waitingPayoutWithKyc(escort: { id: number; token: string }, fullName: string, amount: number): Promise<number> {
    await verifyIdentity(rt, escort.id);
    await verifyAge(rt, escort.id);
    expect((await sign(escort.token, fullName)).json.data.state).toBe("complete");
    const waiting = await payout(escort.token, amount);
    expect(waiting.status).toBe(200);
    return waiting.json.data.payout.id;
  }

  const stepsOf = (kyc: KycAnswer) => Object.fromEntries(kyc.steps.map((step) => [step.step, step.state]));

  it("refuses a payout without each step and allows it once identity, age, agreement and screening are done", async () => {
    const escort = await payableEscort();
    const fresh = await call<KycAnswer>(escort.token, "GET", "/kyc");
    expect(fresh.status).toBe(200);
    expect(fresh.json.data).toMatchObject({ state: "missing", signature: null, screening: null });
    expect(stepsOf(fresh.json.data)).toEqual({ idv: "missing", age: "missing", esign: "missing", aml: "missing" });

    const refused = await payout(escort.token);
    expect(refused.status).toBe(409);
    expect(refused.json.errors?.[0]).toMatchObject({ key: "exception.kyc.incomplete", params: { state: "missing" } });
    const overview = await call<PayoutOverview>(escort.token, "GET", "/payouts/overview");
    expect(overview.json.data).toMatchObject({ kyc_state: "missing", can_request: false });

    await verifyIdentity(rt, escort.id);
    expect((await payout(escort.token)).status).toBe(409);
    await verifyAge(rt, escort.id);
    expect((await payout(escort.token)).status).toBe(409);
    // The agreement alone is not enough either: the screening of the signed name starts with it and here comes back clear.
    const signed = await sign(escort.token, "Erika Muster");
    expect(signed.status).toBe(200);
    expect(stepsOf(signed.json.data)).toEqual({ idv: "done", age: "done", esign: "done", aml: "done" });
    expect(signed.json.data.state).toBe("complete");
    expect(signed.json.data.expires_at).toBeGreaterThan(rt.clock.now() + (AML_VALID_MONTHS * 30 - 10) * DAY);

    const paid = await payout(escort.token);
    expect(paid.status).toBe(200);
    expect((await call<PayoutOverview>(escort.token, "GET", "/payouts/overview")).json.data.kyc_state).toBe("complete");

    // Without the age step (a check with everything else done) the payout is refused again.
    const noAge = await payableEscort();
    await verifyIdentity(rt, noAge.id);
    expect((await sign(noAge.token, "Eva Beispiel")).json.data.state).toBe("missing");
    expect((await payout(noAge.token)).json.errors?.[0]?.key).toBe("exception.kyc.incomplete");
  });

  it("stores the signature's version, text hash, name and browser; refuses another text; asks again for a new version", async () => {
    const escort = await payableEscort();
    await verifyIdentity(rt, escort.id);
    await verifyAge(rt, escort.id);
    const agreement = (await call<KycAgreementAnswer>(escort.token, "GET", "/kyc/agreement?language=en")).json.data;
    expect(agreement.version).toBe(CREATOR_AGREEMENT_VERSION);
    expect(agreement.text_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(agreement.paragraphs.length).toBeGreaterThan(3);
    const german = (await call<KycAgreementAnswer>(escort.token, "GET", "/kyc/agreement?language=de")).json.data;
    expect(german.text_sha256).not.toBe(agreement.text_sha256);

    const base = { version: agreement.version, language: "en", text_sha256: agreement.text_sha256, full_name: "Jane Roe", confirm: true };
    const otherText = await call(escort.token, "POST", "/kyc/agreement", { ...base, text_sha256: german.text_sha256 });
    expect(otherText.status).toBe(409);
    expect(otherText.json.errors?.[0]?.key).toBe("exception.kyc.agreement_changed");
    const oldVersion = await call(escort.token, "POST", "/kyc/agreement", { ...base, version: "2020-01-01" });
    expect(oldVersion.status).toBe(409);
    const unconfirmed = await call(escort.token, "POST", "/kyc/agreement", { ...base, confirm: false });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.json.errors?.[0]).toMatchObject({ key: "validation.kyc.confirm_required", source: "confirm" });
    const noName = await call(escort.token, "POST", "/kyc/agreement", { ...base, full_name: "  " });
    expect(noName.json.errors?.[0]).toMatchObject({ key: "validation.kyc.name_required", source: "full_name" });
    expect(await rt.deps.db.selectFrom("kyc_signatures").select("id").where("user_id", "=", escort.id).execute()).toHaveLength(0);

    const signed = await rt.request("/api/v2/kyc/agreement", {
      method: "POST",
      token: escort.token,
      headers: { "content-type": "application/json", "user-agent": "KycTest/1.0" },
      body: JSON.stringify(base),
    });
    expect(signed.status).toBe(200);
    const row = await rt.deps.db.selectFrom("kyc_signatures").selectAll().where("user_id", "=", escort.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      version: CREATOR_AGREEMENT_VERSION,
      language: "en",
      text_sha256: agreement.text_sha256,
      full_name: "Jane Roe",
      user_agent: "KycTest/1.0",
    });
    expect(row.ip_hash).toMatch(/^[\w-]{40,}$/);
    expect(Number(row.signed_at)).toBe(rt.clock.now());
    expect((await kycStateOf(rt.deps.db, escort.id, rt.clock.now())).state).toBe("complete");

    // A new version of the agreement: the signature of the old one no longer counts, the payout waits for a new one.
    await rt.deps.db.updateTable("kyc_signatures").set({ version: "2025-01-01" }).where("id", "=", row.id).execute();
    const outdated = (await call<KycAnswer>(escort.token, "GET", "/kyc")).json.data;
    expect(outdated.state).toBe("missing");
    expect(stepsOf(outdated).esign).toBe("outdated");
    expect((await payout(escort.token)).status).toBe(409);
    const resigned = await sign(escort.token, "Jane Roe", "en");
    expect(resigned.json.data.state).toBe("complete");
    expect((await payout(escort.token)).status).toBe(200);
  });

  it("puts an AML hit in review for backend staff: the team and members are refused, a clear opens payouts", async () => {
    const escort = await payableEscort();
    await verifyIdentity(rt, escort.id);
    await verifyAge(rt, escort.id);
    const hit = await sign(escort.token, "Max zzhit Mustermann");
    expect(hit.json.data.state).toBe("review");
    expect(stepsOf(hit.json.data).aml).toBe("review");
    expect((await payout(escort.token)).json.errors?.[0]).toMatchObject({ key: "exception.kyc.incomplete", params: { state: "review" } });
    const screeningId = hit.json.data.screening!.id;

    const team = await signIn(rt, teamUser, freshIp());
    const teamQueue = await call(team.token, "GET", "/backoffice/kyc");
    expect(teamQueue.status).toBe(403);
    expect(teamQueue.json.errors?.[0]?.key).toBe("exception.backoffice.role_forbidden");
    const teamClear = await call(team.token, "POST", `/backoffice/kyc/screenings/${screeningId}/clear`);
    expect(teamClear.json.errors?.[0]?.key).toBe("exception.backoffice.role_forbidden");
    const memberClear = await call(escort.token, "POST", `/backoffice/kyc/screenings/${screeningId}/clear`);
    expect(memberClear.status).toBe(403);
    expect(memberClear.json.errors?.[0]?.key).toBe("exception.backoffice.staff_only");
    expect((await call<KycAnswer>(escort.token, "GET", "/kyc")).json.data.state).toBe("review");

    const staff = await backend();
    const queue = await call<KycQueue>(staff.token, "GET", "/backoffice/kyc");
    expect(queue.status).toBe(200);
    const item = queue.json.data.items.find((entry) => entry.id === screeningId);
    expect(item).toMatchObject({ user_id: escort.id, username: escort.username, full_name: "Max zzhit Mustermann" });
    expect(item!.matches[0]).toContain("sanctions");

    const cleared = await call<KycAnswer>(staff.token, "POST", `/backoffice/kyc/screenings/${screeningId}/clear`);
    expect(cleared.status).toBe(200);
    expect(cleared.json.data).toMatchObject({ state: "complete", screening: { decision: "cleared" } });
    const twice = await call(staff.token, "POST", `/backoffice/kyc/screenings/${screeningId}/clear`);
    expect(twice.status).toBe(409);
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject_type", "=", "kyc_screening")
      .where("subject_id", "=", String(screeningId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: backendUser.id, action: "kyc_screening.clear" });
    expect((await payout(escort.token)).status).toBe(200);
    const told = await rt.deps.db.selectFrom("notifications").select("event").where("user_id", "=", escort.id).execute();
    expect(told.map((row) => row.event)).toContain("kyc_complete");
  });

  it("rejects a confirmed hit with a reason: payouts closed, a statement of reasons, the member reads the reason", async () => {
    const escort = await payableEscort();
    await verifyIdentity(rt, escort.id);
    await verifyAge(rt, escort.id);
    const hit = await sign(escort.token, "Ivan zzhit Petrov");
    const screeningId = hit.json.data.screening!.id;
    const staff = await backend();
    const noReason = await call(staff.token, "POST", `/backoffice/kyc/screenings/${screeningId}/reject`, { reason: " " });
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors?.[0]).toMatchObject({ key: "validation.kyc.reason_required", source: "reason" });
    const rejected = await call<KycAnswer>(staff.token, "POST", `/backoffice/kyc/screenings/${screeningId}/reject`, {
      reason: "Same person as the listed entry (date of birth matches)",
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json.data).toMatchObject({
      state: "rejected",
      screening: { decision: "rejected", reason: "Same person as the listed entry (date of birth matches)" },
    });
    const statement = await rt.deps.db.selectFrom("statements").selectAll().where("user_id", "=", escort.id).executeTakeFirstOrThrow();
    expect(statement).toMatchObject({
      restriction: "monetary_suspended",
      ground: "illegal",
      subject_kind: "account",
      decided_by: backendUser.id,
    });
    expect((await payout(escort.token)).json.errors?.[0]).toMatchObject({ params: { state: "rejected" } });
    // A new screening is no way around it: the rejected one stays until staff reset the KYC.
    const rescreen = await call(escort.token, "POST", "/kyc/aml");
    expect(rescreen.status).toBe(409);
  });

  it("retries a screening the provider could not answer through the job", async () => {
    const escort = await payableEscort();
    await verifyIdentity(rt, escort.id);
    await verifyAge(rt, escort.id);
    const failed = await sign(escort.token, "Lena zzflaky Schmidt");
    expect(failed.json.data).toMatchObject({ state: "missing", screening: { outcome: "error" } });
    expect(stepsOf(failed.json.data).aml).toBe("pending");
    expect((await call(escort.token, "POST", "/kyc/aml")).json.errors?.[0]?.key).toBe("exception.kyc.screening_open");
    rt.clock.advance(2 * 60_000);
    await rt.jobs.runDue();
    const after = await kycStateOf(rt.deps.db, escort.id, rt.clock.now());
    expect(after).toMatchObject({ state: "complete", screening: { outcome: "clear" } });
    const row = await rt.deps.db.selectFrom("kyc_screenings").selectAll().where("user_id", "=", escort.id).executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(2);
  });

  it("keeps a member's KYC to them and their staff: clients have none, members reach no staff route", async () => {
    const escort = await payableEscort(0);
    const other = await signIn(rt, await createUser(rt, { userType: USER_TYPE.escort }), freshIp());
    const client = await signIn(rt, await createUser(rt, { userType: USER_TYPE.client }), freshIp());
    expect((await call(client.token, "GET", "/kyc")).json.errors?.[0]?.key).toBe("exception.kyc.not_earner");
    expect((await call(undefined, "GET", "/kyc")).status).toBe(401);
    const foreign = await call(other.token, "GET", `/backoffice/kyc/members/${escort.id}`);
    expect(foreign.status).toBe(403);
    expect(JSON.stringify(foreign.json)).not.toContain(escort.username);
    expect((await call(other.token, "POST", `/backoffice/kyc/members/${escort.id}/reset`, { reason: "x" })).status).toBe(403);
    const team = await signIn(rt, teamUser, freshIp());
    expect((await call(team.token, "GET", `/backoffice/kyc/members/${escort.id}`)).status).toBe(403);
    const staff = await backend();
    expect((await call<KycAnswer>(staff.token, "GET", `/backoffice/kyc/members/${escort.id}`)).json.data.user_id).toBe(escort.id);
    expect((await call(staff.token, "GET", `/backoffice/kyc/members/${backendUser.id}`)).status).toBe(404);
  });

  it("expires a screening after its months by the job: the waiting payout is held with a statement until a new screening", async () => {
    let escort = await payableEscort(1000);
    const payoutId = await waitingPayoutWithKyc(escort, "Clara Beispiel", 150);

    rt.clock.advance((AML_VALID_MONTHS * 31 + 1) * DAY);
    await rt.jobs.runDue();
    escort = await again(escort);
    const expired = (await call<KycAnswer>(escort.token, "GET", "/kyc")).json.data;
    expect(expired).toMatchObject({ state: "expired", held_payouts: 1 });
    expect(stepsOf(expired).aml).toBe("expired");
    const hold = await rt.deps.db.selectFrom("kyc_payout_holds").selectAll().where("payout_id", "=", payoutId).executeTakeFirstOrThrow();
    const statement = await rt.deps.db.selectFrom("statements").selectAll().where("id", "=", hold.statement_id).executeTakeFirstOrThrow();
    expect(statement).toMatchObject({
      user_id: escort.id,
      subject_kind: "payout",
      subject_id: String(payoutId),
      restriction: "monetary_suspended",
      ground: "terms",
      automated_decision: 1,
    });
    expect((await payout(escort.token)).json.errors?.[0]).toMatchObject({ params: { state: "expired" } });
    const staff = await backend();
    const queue = await call<PayoutQueue>(staff.token, "GET", "/backoffice/payouts");
    expect(queue.json.data.waiting.map((entry) => entry.id)).not.toContain(payoutId);
    const approve = await call(staff.token, "POST", "/backoffice/payouts/batches", { payout_ids: [payoutId] });
    expect(approve.status).toBe(409);

    // The job again changes nothing (told once, held once).
    await rt.jobs.runDue();
    expect(await rt.deps.db.selectFrom("statements").select("id").where("user_id", "=", escort.id).execute()).toHaveLength(1);

    const renewed = await call<KycAnswer>(escort.token, "POST", "/kyc/aml");
    expect(renewed.status).toBe(200);
    expect(renewed.json.data).toMatchObject({ state: "complete", held_payouts: 0 });
    const queueAfter = await call<PayoutQueue>(staff.token, "GET", "/backoffice/payouts");
    expect(queueAfter.json.data.waiting.map((entry) => entry.id)).toContain(payoutId);

    // ADR 123: the hold's statement is kept as issued and marked lifted; the member is told once (bell and mail).
    const lifted = await rt.deps.db.selectFrom("statements").selectAll().where("id", "=", hold.statement_id).executeTakeFirstOrThrow();
    expect({ ...lifted, lifted_at: null, lift_cause: null }).toEqual(statement);
    expect({ at: Number(lifted.lifted_at), cause: lifted.lift_cause }).toEqual({ at: rt.clock.now(), cause: "kyc_complete" });
    const view = await call<StatementView>(escort.token, "GET", `/statements/${hold.statement_id}`);
    expect(view.json.data).toMatchObject({ lifted_at: rt.clock.now(), lift_cause: "kyc_complete", reversed_at: null });
    await rt.jobs.runDue();
    await rt.jobs.runDue();
    const bell = await rt.deps.db
      .selectFrom("notifications")
      .select(["url", "params"])
      .where("user_id", "=", escort.id)
      .where("event", "=", "statement_lifted")
      .execute();
    expect(bell).toEqual([
      { url: `user/statements/${hold.statement_id}`, params: JSON.stringify({ reference: statementReference(hold.statement_id) }) },
    ]);
    const mails = await rt.deps.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("template", "=", "statement_lifted")
      .execute();
    const mine = mails.filter((mail) => mail.subject.includes(statementReference(hold.statement_id)));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text_body).toContain("wartet jetzt wieder auf die Freigabe");
    expect(mine[0]!.text_body).toContain(`/de/user/statements/${hold.statement_id}`);
  });

  it("writes the hold's and the closed account's facts in the member's language (DSA Art. 17), not in English", async () => {
    // A Polish member whose waiting payout is held by staff's reset: the statement reads in Polish, the amount as Polish writes it.
    const polish = await payableEscort(5000);
    await rt.deps.db.updateTable("users").set({ language: "pl" }).where("id", "=", polish.id).execute();
    const payoutId = await waitingPayoutWithKyc(polish, "Zofia Przykład", 1500);
    const staff = await backend();
    const reset = await call(staff.token, "POST", `/backoffice/kyc/members/${polish.id}/reset`, { reason: "Nazwisko wpisane błędnie" });
    expect(reset.status).toBe(200);
    const hold = await rt.deps.db.selectFrom("kyc_payout_holds").selectAll().where("payout_id", "=", payoutId).executeTakeFirstOrThrow();
    const held = await rt.deps.db.selectFrom("statements").selectAll().where("id", "=", hold.statement_id).executeTakeFirstOrThrow();
    expect(held.language).toBe("pl");
    expect(held.facts).toBe(
      `Twoja wypłata nr ${payoutId} w wysokości ${new Intl.NumberFormat("pl").format(1500)} dolarów jest wstrzymana, dopóki Twoja ` +
        "weryfikacja do wypłat (KYC) nie będzie znowu kompletna. Nasz zespół zresetował Twoją weryfikację do wypłat. " +
        "Uzasadnienie zespołu: Nazwisko wpisane błędnie",
    );
    expect(held.facts).not.toMatch(/payout|held|KYC check/i);

    // A Spanish member whose sanctions hit staff confirm: the account's statement reads in Spanish.
    const spanish = await payableEscort();
    await rt.deps.db.updateTable("users").set({ language: "es" }).where("id", "=", spanish.id).execute();
    await verifyIdentity(rt, spanish.id);
    await verifyAge(rt, spanish.id);
    const hit = await sign(spanish.token, "Ivan zzhit Sokolov");
    const rejected = await call((await backend()).token, "POST", `/backoffice/kyc/screenings/${hit.json.data.screening!.id}/reject`, {
      reason: "Misma fecha de nacimiento",
    });
    expect(rejected.status).toBe(200);
    const closed = await rt.deps.db.selectFrom("statements").selectAll().where("user_id", "=", spanish.id).executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ language: "es", subject_kind: "account" });
    expect(closed.facts).toBe(
      "Los pagos de tu cuenta están bloqueados. La comprobación de sanciones y blanqueo de capitales encontró una coincidencia " +
        "que nuestro equipo ha confirmado. Motivos del equipo: Misma fecha de nacimiento",
    );
  });

  it("lets backend staff reset or expire a member's KYC with a reason: an audit row each, the member told and asked again", async () => {
    const escort = await payableEscort(500);
    await verifyIdentity(rt, escort.id);
    await verifyAge(rt, escort.id);
    await sign(escort.token, "Paula Probe");
    const staff = await backend();
    const team = await signIn(rt, teamUser, freshIp());
    const teamExpire = await call(team.token, "POST", `/backoffice/kyc/members/${escort.id}/expire`, { reason: "Document ran out" });
    expect(teamExpire.json.errors?.[0]?.key).toBe("exception.backoffice.role_forbidden");
    const noReason = await call(staff.token, "POST", `/backoffice/kyc/members/${escort.id}/expire`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors?.[0]?.key).toBe("validation.kyc.reason_required");

    const expired = await call<KycAnswer>(staff.token, "POST", `/backoffice/kyc/members/${escort.id}/expire`, {
      reason: "The identity document ran out",
    });
    expect(expired.status).toBe(200);
    expect(expired.json.data).toMatchObject({
      state: "expired",
      signature: null,
      last_staff_action: { action: "expire", reason: "The identity document ran out" },
    });
    expect((await payout(escort.token)).status).toBe(409);
    const back = await sign(escort.token, "Paula Probe");
    expect(back.json.data.state).toBe("complete");

    const reset = await call<KycAnswer>(staff.token, "POST", `/backoffice/kyc/members/${escort.id}/reset`, { reason: "Name typed wrong" });
    expect(reset.json.data).toMatchObject({ state: "missing", signature: null, screening: null });
    expect(stepsOf(reset.json.data)).toMatchObject({ idv: "done", age: "done", esign: "missing", aml: "missing" });
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject_type", "=", "user")
      .where("subject_id", "=", String(escort.id))
      .orderBy("id")
      .execute();
    expect(audit.map((row) => [row.action, row.reason])).toEqual([
      ["kyc_member.expire", "The identity document ran out"],
      ["kyc_member.reset", "Name typed wrong"],
    ]);
    expect(JSON.parse(String(audit[1]!.before_json))).toMatchObject({ state: "complete" });
    expect(JSON.parse(String(audit[1]!.after_json))).toMatchObject({ state: "missing" });
    const told = await rt.deps.db.selectFrom("notifications").select("event").where("user_id", "=", escort.id).execute();
    expect(told.filter((row) => row.event === "kyc_action_needed").length).toBeGreaterThanOrEqual(1);
    expect((await call(staff.token, "POST", `/backoffice/kyc/members/999999999/reset`, { reason: "x" })).status).toBe(404);
  });
});
