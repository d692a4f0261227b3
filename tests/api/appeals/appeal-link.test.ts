/**
 * ADR 123: a banned member cannot sign in, so the statement's mail carries a signed link to its complaint page that
 * works without a session. The link from the mail opens the view and files the complaint once; a forged, altered,
 * swapped or expired token is refused (404 / 410); the token is no session (a bearer of it is 401 elsewhere).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnAppeal, StatementAppealView } from "#server/contract/appeals";
import { appealUntil } from "#server/contract/statements";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { appealActors } from "./fixtures";

const complaint = "Ich habe niemanden belästigt; die Nachrichten stammen nicht von mir.";

describe(`the signed complaint link of a banned member (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const { freshIp, member, call } = appealActors(() => rt, "198.20");
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  /** A member banned through a report: the statement, and the token of the link in its statement mail. */
  async function banned() {
    const [reporter, target, team] = [await member(USER_TYPE.client), await member(), await member(USER_TYPE.team)];
    const filed = await call<{ id: number }>("POST", "/reports", {
      token: reporter.token,
      body: {
        kind: "profile",
        object_id: target.id,
        type: "hate_harassment",
        text: "Beleidigt mich seit Tagen in Nachrichten.",
        good_faith: true,
      },
    });
    expect(filed.status).toBe(202);
    const decided = await call("POST", `/backoffice/reports/${filed.json.data!.id}/decide`, {
      token: team.token,
      body: { outcome: "account_banned", statement: "Wiederholte Beleidigungen in Nachrichten an andere Mitglieder." },
    });
    expect(decided.status).toBe(200);
    const statement = await rt.deps.db
      .selectFrom("statements")
      .selectAll()
      .where("report_id", "=", filed.json.data!.id)
      .executeTakeFirstOrThrow();
    expect(statement.restriction).toBe("account_terminated");
    await rt.jobs.runDue();
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("recipient", "=", target.email)
      .where("template", "=", "statement_issued")
      .executeTakeFirstOrThrow();
    const token = /\/de\/appeal\/([^\s]+)/.exec(mail.text_body)?.[1];
    expect(token, mail.text_body).toBeDefined();
    // The statement's mail is the banned member's only one (ADR 128): the report sends none of its own.
    const mails = await rt.deps.db.selectFrom("mail_outbox").select("template").where("recipient", "=", target.email).execute();
    expect(mails.map((row) => row.template)).toEqual(["statement_issued"]);
    return { target, statement, token: token! };
  }

  it("lets a banned member read the statement and complain once through the link of the mail, without a session", async () => {
    const { target, statement, token } = await banned();
    // Signing in is refused: the link is the way in.
    expect((await login(rt, target.username, target.password, freshIp())).status).not.toBe(200);

    const view = await call<StatementAppealView>("GET", `/appeal-links/${token}`);
    expect(view.status).toBe(200);
    expect(view.json.data).toMatchObject({
      statement: { id: statement.id, restriction: "account_terminated" },
      may_appeal: true,
      appeal: null,
    });

    const short = await call("POST", `/appeal-links/${token}`, { body: { text: "kurz" } });
    expect(short.status).toBe(400);
    expect(short.json.errors?.[0]?.source).toBe("text");
    const filed = await call<OwnAppeal>("POST", `/appeal-links/${token}`, { body: { text: complaint } });
    expect(filed.status).toBe(201);
    expect(filed.json.data).toMatchObject({ state: "open", text: complaint });
    const row = await rt.deps.db.selectFrom("appeals").selectAll().where("statement_id", "=", statement.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(target.id);
    // Once per decision, through the link as signed in.
    expect((await call("POST", `/appeal-links/${token}`, { body: { text: complaint } })).json.errors?.[0]?.key).toBe(
      "exception.appeals.already_filed",
    );
    expect((await call<StatementAppealView>("GET", `/appeal-links/${token}`)).json.data).toMatchObject({ may_appeal: false });
  });

  it("refuses a forged, altered or swapped token (404) and an expired one (410); the token is no session", async () => {
    const first = await banned();
    const second = await banned();
    const [id, expires, mac] = first.token.split(".") as [string, string, string];
    // The 43rd base64url character holds 4 bits of the MAC and 2 unused ones: flipping a used bit alters the MAC,
    // flipping an unused one spells the same bytes differently — refused as well, only the issued text is valid.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const withLastBits = (mask: number) => `${mac.slice(0, -1)}${alphabet[alphabet.indexOf(mac.slice(-1)) ^ mask]}`;
    expect(Buffer.from(withLastBits(0b1), "base64url")).toEqual(Buffer.from(mac, "base64url"));
    const forged = [
      `${id}.${expires}.${withLastBits(0b100)}`,
      `${id}.${expires}.${withLastBits(0b1)}`,
      // A later expiry under the old signature.
      `${id}.${Number(expires) + 86_400_000}.${mac}`,
      // Another statement's id with this statement's signature, and the other way round.
      `${second.statement.id}.${expires}.${mac}`,
      `${id}.${second.token.split(".")[1]}.${second.token.split(".")[2]}`,
      "not-a-token",
      `${id}.${expires}`,
    ];
    for (const token of forged) {
      const view = await call("GET", `/appeal-links/${encodeURIComponent(token)}`);
      expect(view.status, token).toBe(404);
      expect(view.json.errors?.[0]?.key, token).toBe("exception.appeals.link_invalid");
      expect((await call("POST", `/appeal-links/${encodeURIComponent(token)}`, { body: { text: complaint } })).status, token).toBe(404);
    }
    // A token is not a bearer token: the API knows no session by it.
    expect((await call("GET", "/statements", { token: first.token })).status).toBe(401);
    expect(
      await rt.deps.db.selectFrom("appeals").select("id").where("statement_id", "in", [first.statement.id, second.statement.id]).execute(),
    ).toEqual([]);

    // After the complaint window the genuine link stops working, with its own answer.
    rt.clock.set(appealUntil(Number(first.statement.created_at)) + 1);
    const late = await call("GET", `/appeal-links/${first.token}`);
    expect(late.status).toBe(410);
    expect(late.json.errors?.[0]?.key).toBe("exception.appeals.link_expired");
    expect((await call("POST", `/appeal-links/${first.token}`, { body: { text: complaint } })).status).toBe(410);
  });
});
