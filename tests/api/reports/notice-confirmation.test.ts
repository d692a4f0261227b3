/**
 * Issue 23 item 7c (ADR 059): a guest's notice is stored at once, but its typed address gets only one short mail with
 * a single-use, expiring link; the receipt goes out when the address is confirmed, and the decision only to a
 * confirmed address. The confirmation mails are limited per address and per network address. Signed-in reporters keep
 * the receipt to their account address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_EMAIL_CONFIRMATION, type FiledReport, type OwnReport, type ReportEmailConfirmed } from "#server/contract/reports";
import { USER_TYPE } from "#server/contract/users";
import { sha256 } from "#server/lib/crypto";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer<T = unknown> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}

const HOUR = 60 * 60 * 1000;
const INVALID = "exception.reports.confirmation_invalid";
const explanation = "Auf dieser Seite stehen meine private Adresse und meine Telefonnummer.";

describe(`a guest's notice and its confirmed address (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let ipCounter = 0;
  const freshIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  let addressCounter = 0;
  const freshAddress = () => `gast.${++addressCounter}@example.test`;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

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

  async function member(userType: number) {
    const user = await createUser(rt, { userType });
    if (userType !== USER_TYPE.team) await addBerlinProfile(rt, user.id, user.username);
    return { ...user, token: String((await login(rt, user.username, user.password, freshIp())).body.access_token) };
  }

  const notice = (email: string, options: { ip?: string; lang?: string; url?: string } = {}) =>
    call<FiledReport>("POST", "/reports", {
      ip: options.ip,
      lang: options.lang,
      body: {
        kind: "page",
        url: options.url ?? "https://velora.test/de/about/magazine/some-article",
        type: "personal_data",
        name: "Gisela Gast",
        email,
        text: explanation,
        good_faith: true,
      },
    });
  const mailsTo = (recipient: string) =>
    rt.deps.db.selectFrom("mail_outbox").selectAll().where("recipient", "=", recipient).orderBy("id").execute();
  const templatesTo = async (recipient: string) => (await mailsTo(recipient)).map((mail) => mail.template);
  /** The token of the newest confirmation link mailed to the address. */
  async function linkTokenOf(recipient: string): Promise<{ link: string; token: string }> {
    const mail = (await mailsTo(recipient)).filter((row) => row.template === "report_email_confirm").at(-1)!;
    const link = /https?:\/\/\S+\/about\/content_removal_request\/confirm\?token=[A-Za-z0-9_%-]+/.exec(mail.text_body)![0];
    return { link, token: new URL(link).searchParams.get("token")! };
  }
  const confirm = (token: unknown) => call<ReportEmailConfirmed>("POST", "/reports/confirm-email", { body: { token } });

  it("stores the notice, mails only the link, and sends the receipt once the address is confirmed; the link works once", async () => {
    const email = freshAddress();
    const filed = await notice(email, { lang: "en" });
    expect(filed.status).toBe(202);
    expect(filed.json.data).toMatchObject({ state: "open", receipt: "confirmation_sent" });
    const id = filed.json.data!.id;
    // Stored and in the team's queue at once (the DSA requires processing), no receipt yet.
    const row = await rt.deps.db.selectFrom("reports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "open", reporter_email: email, email_confirmed_at: null });
    expect(await templatesTo(email)).toEqual(["report_email_confirm"]);

    const { link, token } = await linkTokenOf(email);
    expect(link).toMatch(/^http:\/\/velora\.test\/en\/about\/content_removal_request\/confirm\?token=/);
    const confirmMail = (await mailsTo(email))[0]!;
    expect(confirmMail.language).toBe("en");
    // Short, ours only: nothing the guest typed, not even the reference.
    for (const typed of ["Gisela", "magazine", explanation, filed.json.data!.reference]) expect(confirmMail.text_body).not.toContain(typed);
    expect(confirmMail.text_body).toContain(`${REPORT_EMAIL_CONFIRMATION.ttlMs / HOUR} hours`);
    // Hashed at rest: the token itself is nowhere in the database.
    expect(row.email_token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data).toEqual({ reference: filed.json.data!.reference, state: "open" });
    expect(await templatesTo(email)).toEqual(["report_email_confirm", "report_received"]);
    const receipt = (await mailsTo(email)).at(-1)!;
    expect(receipt.language).toBe("en");
    expect(receipt.subject).toContain(filed.json.data!.reference);
    const after = await rt.deps.db.selectFrom("reports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ email_confirmed_at: rt.clock.now(), email_token_hash: null, email_token_expires_at: null });

    // Single use: the same link again is refused, and mails nothing.
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.json.errors?.[0]).toMatchObject({ key: INVALID, source: "token" });
    expect(await templatesTo(email)).toEqual(["report_email_confirm", "report_received"]);
  });

  it("confirms once when the link is opened twice at the same moment", async () => {
    const email = freshAddress();
    await notice(email);
    const { token } = await linkTokenOf(email);
    const answers = await Promise.all([confirm(token), confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    expect(await templatesTo(email)).toEqual(["report_email_confirm", "report_received"]);
  });

  it("refuses an expired link, a wrong token and any malformed body with the same 400, never a 5xx", async () => {
    const email = freshAddress();
    await notice(email);
    const { token } = await linkTokenOf(email);
    for (const wrong of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "x".repeat(43), sha256(token)]) {
      const answer = await confirm(wrong);
      expect(answer.status).toBe(400);
      expect(answer.json.errors?.[0]).toMatchObject({ key: INVALID, source: "token" });
    }
    for (const body of [{}, { token: "" }, { token: 42 }, { token: null }, { token: "y".repeat(201) }]) {
      const answer = await call("POST", "/reports/confirm-email", { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const raw = await rt.request("/api/v2/reports/confirm-email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(raw.status).toBe(400);

    rt.clock.advance(REPORT_EMAIL_CONFIRMATION.ttlMs);
    const expired = await confirm(token);
    expect(expired.status).toBe(400);
    expect(expired.json.errors?.[0]).toMatchObject({ key: INVALID, source: "token" });
    // An unconfirmed address got the link and nothing else.
    expect(await templatesTo(email)).toEqual(["report_email_confirm"]);
  });

  it("mails the decision only to a confirmed address; confirming after the decision brings receipt and decision", async () => {
    const team = await member(USER_TYPE.team);
    const escort = await member(USER_TYPE.escort);
    const url = `https://velora.test/de/p/${escort.username}`;
    const [confirmedAddress, silentAddress, lateAddress] = [freshAddress(), freshAddress(), freshAddress()];
    const filed = [await notice(confirmedAddress, { url }), await notice(silentAddress, { url }), await notice(lateAddress, { url })];
    expect(filed.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect((await confirm((await linkTokenOf(confirmedAddress)).token)).status).toBe(200);

    const queue = await call<{ items: Array<{ id: number; reporter: { mail: string } }> }>("GET", "/backoffice/reports", {
      token: team.token,
    });
    const mailOf = (id: number) => queue.json.data!.items.find((item) => item.id === id)?.reporter.mail;
    expect(filed.map((answer) => mailOf(answer.json.data!.id))).toEqual(["confirmed", "unconfirmed", "unconfirmed"]);

    // One decision closes all three notices on the profile.
    const statement = "Wir haben das Profil geprüft; die Adresse wurde entfernt und das Konto verwarnt.";
    const decided = await call<OwnReport>("POST", `/backoffice/reports/${filed[0]!.json.data!.id}/decide`, {
      token: team.token,
      body: { outcome: "content_removed", statement },
    });
    expect(decided.status).toBe(200);
    expect(await templatesTo(confirmedAddress)).toEqual(["report_email_confirm", "report_received", "report_decided"]);
    expect((await mailsTo(confirmedAddress)).at(-1)!.text_body).toContain(statement);
    // Never confirmed: told nothing, though the notice was processed with the others.
    expect(await templatesTo(silentAddress)).toEqual(["report_email_confirm"]);
    expect(await templatesTo(lateAddress)).toEqual(["report_email_confirm"]);
    const states = await rt.deps.db
      .selectFrom("reports")
      .select(["state", "outcome"])
      .where(
        "id",
        "in",
        filed.map((answer) => answer.json.data!.id),
      )
      .execute();
    expect(states).toEqual(Array(3).fill({ state: "decided", outcome: "content_removed" }));

    // Confirmed after the decision (within the link's time): the receipt and the decision arrive together.
    const late = await confirm((await linkTokenOf(lateAddress)).token);
    expect(late.json.data).toMatchObject({ state: "decided" });
    expect(await templatesTo(lateAddress)).toEqual(["report_email_confirm", "report_received", "report_decided"]);
    expect((await mailsTo(lateAddress)).at(-1)!.text_body).toContain(statement);
  });

  it("limits the confirmation mails per address and per network address; a notice over a limit is still filed", async () => {
    const { perAddress, perIp } = REPORT_EMAIL_CONFIRMATION;
    // One address from many networks (as a script spreading over addresses would).
    const target = freshAddress();
    for (let i = 0; i < perAddress.limit; i++) expect((await notice(target)).json.data?.receipt).toBe("confirmation_sent");
    const overAddress = await notice(target.toUpperCase());
    expect(overAddress.status).toBe(202);
    expect(overAddress.json.data?.receipt).toBe("confirmation_limited");
    expect(
      await rt.deps.db.selectFrom("reports").select("id").where("id", "=", overAddress.json.data!.id).executeTakeFirst(),
    ).toBeDefined();
    expect((await mailsTo(target)).length + (await mailsTo(target.toUpperCase())).length).toBe(perAddress.limit);

    // Many addresses from one network: the notice limit (5 an hour) paces it, the mail limit ends it for the day.
    const ip = freshIp();
    const receipts: string[] = [];
    for (let i = 0; i <= perIp.limit; i++) {
      // A hit counts for its window and at most one slot (a fifteenth) longer (server/lib/rate-limit.ts).
      if (i > 0 && i % 5 === 0) rt.clock.advance(HOUR + HOUR / 15);
      receipts.push((await notice(freshAddress(), { ip })).json.data!.receipt);
    }
    expect(receipts.filter((receipt) => receipt === "confirmation_sent")).toHaveLength(perIp.limit);
    expect(receipts.at(-1)).toBe("confirmation_limited");
    // A day later the address may get a link again.
    rt.clock.advance(perAddress.windowMs + perAddress.windowMs / 15);
    expect((await notice(target)).json.data?.receipt).toBe("confirmation_sent");
  });

  it("keeps the receipt to a signed-in reporter's account address, and an anonymous notice mails nobody", async () => {
    const reporter = await member(USER_TYPE.client);
    const filed = await call<FiledReport>("POST", "/reports", {
      token: reporter.token,
      body: { kind: "page", url: "https://velora.test/de/about/magazine/x", type: "illegal_content", text: explanation, good_faith: true },
    });
    expect(filed.json.data?.receipt).toBe("sent");
    expect(await templatesTo(reporter.email)).toEqual(["report_received"]);
    const anonymous = await call<FiledReport>("POST", "/reports", {
      body: { kind: "page", url: "https://velora.test/de/about/magazine/y", type: "underage", text: explanation, good_faith: true },
    });
    expect(anonymous.json.data?.receipt).toBe("none");
  });
});
