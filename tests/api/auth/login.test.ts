import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword, sha256, verifyPassword } from "#server/lib/crypto";
import { expectErrorShape, freshIp, jsonOf, passwordLogin, tokenRequest } from "../../helpers/auth";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`login and logout (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it("issues a token for the right password and serves /user/data with it", async () => {
    const user = await createUser(rt);
    const { status, body } = await login(rt, user.username, user.password);
    expect(status).toBe(200);
    expect(body.token_type).toBe("bearer");
    expect(body.expires_in).toBe(30 * 24 * 60 * 60);
    expect(typeof body.refresh_token).toBe("string");
    const me = await rt.request("/api/v2/user/data", { token: String(body.access_token) });
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    const json = (await me.json()) as { code: number; data: { id: number; username: string } };
    expect(json.code).toBe(200);
    expect(json.data.id).toBe(user.id);
    expect(json.data.username).toBe(user.username);
  });

  it("accepts the username or the e-mail address, in any case and with stray spaces", async () => {
    const user = await createUser(rt, {
      username: `Mixed_Case_${Date.now() % 100000}`,
      email: `Some.One.${Date.now() % 100000}@Example.test`,
    });
    for (const identifier of [
      user.username,
      user.username.toUpperCase(),
      user.username.toLowerCase(),
      user.email,
      user.email.toUpperCase(),
      `  ${user.email}  `,
    ]) {
      const { status, body } = await passwordLogin(rt, identifier, user.password, freshIp());
      expect(status, identifier).toBe(200);
      expect(typeof body.access_token).toBe("string");
    }
  });

  it("does not treat the password as case-insensitive", async () => {
    const user = await createUser(rt, { password: "Correct-Horse-1" });
    const { status } = await passwordLogin(rt, user.username, "correct-horse-1", freshIp());
    expect(status).toBe(400);
  });

  it("answers a wrong password with invalid_grant and a field error on password", async () => {
    const user = await createUser(rt);
    const { status, body } = await login(rt, user.username, "wrong-password-1");
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_grant");
    expectErrorShape(body, 400);
    expect(body.errors).toEqual([expect.objectContaining({ code: 400, key: "exception.login.invalid_credentials", source: "password" })]);
  });

  it("answers an unknown account exactly like a wrong password (no enumeration)", async () => {
    const user = await createUser(rt);
    const wrong = await passwordLogin(rt, user.username, "wrong-password-1", freshIp());
    const unknownName = await passwordLogin(rt, "nobody_by_that_name", "wrong-password-1", freshIp());
    const unknownMail = await passwordLogin(rt, "nobody@nowhere.test", "wrong-password-1", freshIp());
    expect(unknownName.status).toBe(wrong.status);
    expect(unknownName.body).toEqual(wrong.body);
    expect(unknownMail.body).toEqual(wrong.body);
  });

  it("refuses a banned account with 403 only when the password is right", async () => {
    const user = await createUser(rt, { status: "banned" });
    const right = await passwordLogin(rt, user.username, user.password, freshIp());
    expect(right.status).toBe(403);
    expectErrorShape(right.body, 403);
    expect(right.body.errors?.[0]?.key).toBe("exception.login.account_banned");
    expect(right.body.access_token).toBeUndefined();
    const wrong = await passwordLogin(rt, user.username, "wrong-password-1", freshIp());
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0]?.key).toBe("exception.login.invalid_credentials");
  });

  it("answers a deleted account with invalid credentials, even with its password", async () => {
    const user = await createUser(rt, { status: "deleted" });
    const probe = await passwordLogin(rt, "nobody_by_that_name", user.password, freshIp());
    const { status, body } = await passwordLogin(rt, user.username, user.password, freshIp());
    expect(status).toBe(400);
    expect(body).toEqual(probe.body);
    expect(body.access_token).toBeUndefined();
  });

  it("refuses unsupported or missing grant types with unsupported_grant_type on grant_type", async () => {
    for (const fields of [{ grant_type: "client_credentials" }, { grant_type: "" }, {}, { username: "x", password: "y" }] as Record<
      string,
      string
    >[]) {
      const { status, body } = await tokenRequest(rt, fields, freshIp());
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body.error).toBe("unsupported_grant_type");
      expectErrorShape(body, 400);
      expect(body.errors).toEqual([expect.objectContaining({ key: "exception.oauth.unsupported_grant_type", source: "grant_type" })]);
    }
  });

  it("names the missing field of a password grant with invalid_request", async () => {
    const { status, body } = await tokenRequest(rt, { grant_type: "password", password: "x" }, freshIp());
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_request");
    expect(body.errors).toEqual([expect.objectContaining({ key: "validation.required", source: "username" })]);
  });

  describe("malformed bodies get 4xx error items, never a 5xx", () => {
    const post = (init: RequestInit) => rt.request("/oauth/v2/token", { method: "POST", ...init, ip: freshIp() });

    it("JSON instead of a form", async () => {
      const response = await post({
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ grant_type: "password", username: "a", password: "b" }),
      });
      expect(response.status).toBe(400);
      const body = await jsonOf(response);
      expectErrorShape(body, 400);
      expect(body.error).toBe("invalid_request");
      expect((body.errors as { key: string }[])[0]!.key).toBe("validation.malformed_body");
    });

    it("an empty body, with and without a content type", async () => {
      for (const headers of [{ "content-type": "application/x-www-form-urlencoded" }, {} as Record<string, string>]) {
        const response = await post({ headers, body: "" });
        expect(response.status).toBe(400);
        expectErrorShape(await jsonOf(response), 400);
      }
    });

    it("a broken multipart body", async () => {
      const response = await post({ headers: { "content-type": "multipart/form-data; boundary=xyz" }, body: "--nope\r\ngarbage" });
      expect(response.status).toBe(400);
      const body = await jsonOf(response);
      expectErrorShape(body, 400);
      expect((body.errors as { key: string }[])[0]!.key).toBe("validation.malformed_body");
    });

    it("huge field values are refused before any password hashing", async () => {
      const user = await createUser(rt);
      const longName = await passwordLogin(rt, "u".repeat(10_000), "x", freshIp());
      expect(longName.status).toBe(400);
      expect(longName.body.errors).toEqual([expect.objectContaining({ source: "username" })]);
      const longPassword = await passwordLogin(rt, user.username, "p".repeat(200_000), freshIp());
      expect(longPassword.status).toBe(400);
      expect(longPassword.body.errors).toEqual([expect.objectContaining({ source: "password" })]);
    });

    it("a body over the size limit answers 413", async () => {
      const response = await post({
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `grant_type=password&username=a&password=${"p".repeat(2 * 1024 * 1024)}`,
      });
      expect(response.status).toBe(413);
      expectErrorShape(await jsonOf(response), 413);
    });

    it("array-style and repeated fields", async () => {
      const response = await post({
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=password&username[]=a&username[]=b&password=x",
      });
      expect(response.status).toBe(400);
      expectErrorShape(await jsonOf(response), 400);
    });
  });

  it("hashes passwords with scrypt at the product's cost, never keeping the text", async () => {
    // The test runtime stores cheaper hashes for its fixture users; the product's own hashing is checked here.
    const stored = await hashPassword("stored-as-hash-7");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(stored).not.toContain("stored-as-hash-7");
    expect(await verifyPassword("stored-as-hash-7", stored)).toBe(true);
    expect(await verifyPassword("stored-as-hash-8", stored)).toBe(false);
  });

  it("stores access and refresh tokens only as digests", async () => {
    const user = await createUser(rt);
    const { body } = await login(rt, user.username, user.password);
    const access = String(body.access_token);
    const refresh = String(body.refresh_token);
    const rows = await rt.deps.db.selectFrom("access_tokens").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(access));
    expect(rows[0]!.refresh_hash).toBe(sha256(refresh));
    const everything = JSON.stringify(await rt.deps.db.selectFrom("access_tokens").selectAll().execute(), (_k, value: unknown) =>
      typeof value === "bigint" ? String(value) : value,
    );
    expect(everything).not.toContain(access);
    expect(everything).not.toContain(refresh);
  });

  it("serves each caller only their own /user/data", async () => {
    const alice = await createUser(rt);
    const bob = await createUser(rt);
    const aliceToken = String((await login(rt, alice.username, alice.password)).body.access_token);
    const bobToken = String((await login(rt, bob.email, bob.password)).body.access_token);
    const asAlice = (await jsonOf(await rt.request("/api/v2/user/data", { token: aliceToken }))) as { data: { id: number; email: string } };
    const asBob = (await jsonOf(await rt.request("/api/v2/user/data", { token: bobToken }))) as { data: { id: number; email: string } };
    expect(asAlice.data).toMatchObject({ id: alice.id, email: alice.email });
    expect(asBob.data).toMatchObject({ id: bob.id, email: bob.email });
    // The endpoint takes no id: asking for the other user changes nothing.
    const probe = (await jsonOf(await rt.request(`/api/v2/user/data?id=${bob.id}&user_id=${bob.id}`, { token: aliceToken }))) as {
      data: { id: number };
    };
    expect(probe.data.id).toBe(alice.id);
  });

  it("answers /user/data without or with a bad token with 401", async () => {
    for (const token of [undefined, "not-a-token", "Bearer"]) {
      const response = await rt.request("/api/v2/user/data", { token });
      expect(response.status).toBe(401);
      expectErrorShape(await jsonOf(response), 401);
    }
  });

  it("revokes the token on logout", async () => {
    const user = await createUser(rt);
    const { body } = await login(rt, user.email, user.password);
    const token = String(body.access_token);
    expect((await rt.request("/api/v2/user/logout", { method: "POST", token })).status).toBe(200);
    const after = await rt.request("/api/v2/user/data", { token });
    expect(after.status).toBe(401);
    expect((await rt.request("/api/v2/user/logout", { method: "POST", token })).status).toBe(401);
  });

  it("logout ends only the calling session", async () => {
    const user = await createUser(rt);
    const first = String((await login(rt, user.username, user.password)).body.access_token);
    const second = String((await login(rt, user.username, user.password)).body.access_token);
    await rt.request("/api/v2/user/logout", { method: "POST", token: first });
    expect((await rt.request("/api/v2/user/data", { token: first })).status).toBe(401);
    expect((await rt.request("/api/v2/user/data", { token: second })).status).toBe(200);
  });
});
