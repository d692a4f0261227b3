/**
 * Issue 25 item 12: links in mails name PUBLIC_URL, never the address a request came in on. Someone browsing the
 * demo from another machine (http://192.168.1.20:3000) still gets PUBLIC_URL's links, which is why the README asks
 * to set PUBLIC_URL to that address; and a forged Host or X-Forwarded-Host cannot put another site into a mail (a
 * form post with a forwarded host other than its Origin's is refused with 403, where Remix would answer 500).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHost } from "../helpers/host";
import { newestMailText } from "../helpers/mail";
import { createTestRuntime, createUser, type TestRuntime } from "../helpers/runtime";

const ELSEWHERE = "http://192.168.1.20:3000";
let rt: TestRuntime;
let send: (request: Request) => Promise<Response>;
beforeAll(async () => {
  rt = await createTestRuntime();
  ({ send } = await createTestHost(rt, { publicUrl: rt.deps.config.publicUrl, origin: ELSEWHERE }));
}, 60_000);
afterAll(async () => {
  await rt.close();
});

describe("links in mails", () => {
  it("a form posted to another address than PUBLIC_URL mails PUBLIC_URL's link", async () => {
    const user = await createUser(rt);
    const response = await send(
      new Request(`${ELSEWHERE}/de/forgot_password`, {
        method: "POST",
        body: new URLSearchParams({ email: user.email }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ELSEWHERE },
      }),
    );
    expect(response.status).toBe(302);
    const text = await newestMailText(rt, user.email, "password_reset");
    expect(text).toContain(`${rt.deps.config.publicUrl}/de/reset_password?token=`);
    expect(text).not.toContain("192.168.1.20");
  });

  it("a form post whose X-Forwarded-Host is not its Origin's host is refused with 403, not a 500 of Remix's", async () => {
    const user = await createUser(rt);
    const response = await send(
      new Request(`${ELSEWHERE}/de/forgot_password`, {
        method: "POST",
        body: new URLSearchParams({ email: user.email }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ELSEWHERE, "x-forwarded-host": "evil.example" },
      }),
    );
    expect(response.status).toBe(403);
    expect(await rt.deps.db.selectFrom("mail_outbox").select("id").where("recipient", "=", user.email).execute()).toHaveLength(0);
  });

  it("an API call with a forged Host and X-Forwarded-Host too", async () => {
    const user = await createUser(rt);
    const response = await rt.request("/api/v2/registration/password/forgot", {
      method: "POST",
      body: JSON.stringify({ email: user.email }),
      headers: {
        "content-type": "application/json",
        host: "evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
    });
    expect(response.status).toBeLessThan(300);
    const text = await newestMailText(rt, user.email, "password_reset");
    expect(text).toContain(`${rt.deps.config.publicUrl}/de/reset_password?token=`);
    expect(text).not.toContain("evil.example");
  });
});
