import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../helpers/runtime";

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
    const me = await rt.request("/api/v2/user/data", { token: String(body.access_token) });
    expect(me.status).toBe(200);
    const json = (await me.json()) as { code: number; data: { id: number; username: string } };
    expect(json.code).toBe(200);
    expect(json.data.id).toBe(user.id);
  });

  it("answers a wrong password with invalid_grant and a field error on password", async () => {
    const user = await createUser(rt);
    const { status, body } = await login(rt, user.username, "wrong-password-1");
    expect(status).toBe(400);
    expect(body.error).toBe("invalid_grant");
    expect(body.errors).toEqual([expect.objectContaining({ key: "exception.login.invalid_credentials", source: "password" })]);
  });

  it("revokes the token on logout", async () => {
    const user = await createUser(rt);
    const { body } = await login(rt, user.email, user.password);
    const token = String(body.access_token);
    expect((await rt.request("/api/v2/user/logout", { method: "POST", token })).status).toBe(200);
    const after = await rt.request("/api/v2/user/data", { token });
    expect(after.status).toBe(401);
  });
});
