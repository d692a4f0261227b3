/**
 * Web Push, the sending side (ADR 044): the `notification.push` job against a local HTTP server standing in for
 * the browser's push service. It checks what a real push service checks — the VAPID Authorization header signed
 * with our key, the aes128gcm body that only the subscriber's keys open — and that 410 removes a subscription.
 */
import { createECDH, createDecipheriv, createHmac, createPublicKey, createVerify, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUSH_ENDPOINT_ERRORS, type PushPayload, type PushSettings } from "#server/contract/notifications";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 / 8188: what the browser does with an aes128gcm push message. */
function decrypt(body: Buffer, subscriber: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = subscriber.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscriber.ecdh.getPublicKey(), serverKey, Buffer.from([1])]);
  const ikm = hmac(hmac(subscriber.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString("utf8");
}

/** The VAPID JWT (RFC 8292) verified with the public key: ES256 over header.payload. */
function verifyVapid(authorization: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match).not.toBeNull();
  expect(match![2]).toBe(publicKey);
  const [header, payload, signature] = match![1]!.split(".");
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const ok = createVerify("SHA256")
    .update(`${header}.${payload}`)
    .verify({ key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"));
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
}

describe(`Web Push sending (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let server: Server;
  let origin = "";
  const received: Received[] = [];
  const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:ops@velora.test" };

  beforeAll(async () => {
    rt = await createTestRuntime();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
        // /gone/... stands for an expired subscription (410), /unknown/... for one the push service never knew or
        // forgot (404); /busy/... for a push service in trouble.
        const path = req.url ?? "";
        // /moved/... answers a redirect to another path of the same service, which must never be requested.
        if (path.startsWith("/moved/")) res.setHeader("location", `${origin}/followed${path}`);
        res.statusCode = path.startsWith("/gone/")
          ? 410
          : path.startsWith("/unknown/")
            ? 404
            : path.startsWith("/busy/")
              ? 503
              : path.startsWith("/moved/")
                ? 307
                : 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The explicit test configuration (ADR 057): this one local origin stands in for a push service. Nothing else
    // outside the browsers' push services is ever contacted.
    rt.deps.config.push.testOrigin = origin;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rt.close();
  });

  function subscriber() {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return { ecdh, auth: randomBytes(16) };
  }
  function subscriptionBody(endpoint: string, sub: ReturnType<typeof subscriber>) {
    return { endpoint, keys: { p256dh: ecdh64(sub), auth: sub.auth.toString("base64url") } };
  }
  const ecdh64 = (sub: ReturnType<typeof subscriber>) => sub.ecdh.getPublicKey().toString("base64url");

  function call<T>(token: string, method: string, path: string, body?: unknown) {
    return callJson<{ data?: T; errors?: Array<{ key: string; source?: string }> }>(rt, token, method, `/api/v2${path}`, body);
  }

  it("is not offered without VAPID keys", async () => {
    const m = await listedMember(rt, USER_TYPE.escort);
    const settings = await call<PushSettings>(m.token, "GET", "/notifications/push");
    expect(settings.json.data).toEqual({ enabled: false, public_key: null, devices: 0 });
    const sub = subscriber();
    expect(
      (await call(m.token, "POST", "/notifications/push", subscriptionBody("https://fcm.googleapis.com/fcm/send/x", sub))).status,
    ).toBe(404);
  });

  it("subscribes browsers, refuses what is not a subscription, and removes only one's own", async () => {
    rt.deps.config.vapid = vapid;
    const m = await listedMember(rt, USER_TYPE.escort);
    const other = await listedMember(rt, USER_TYPE.client);
    const sub = subscriber();
    const body = subscriptionBody("https://fcm.googleapis.com/fcm/send/abc", sub);
    const saved = await call<PushSettings>(m.token, "POST", "/notifications/push", body);
    expect(saved.json.data).toEqual({ enabled: true, public_key: vapid.publicKey, devices: 1 });
    expect((await call(m.token, "POST", "/notifications/push", { ...body, endpoint: "http://fcm.googleapis.com/plain" })).status).toBe(400);
    expect((await call(m.token, "POST", "/notifications/push", { endpoint: body.endpoint, keys: { p256dh: "x", auth: "y" } })).status).toBe(
      400,
    );
    // Another member cannot remove it by its endpoint.
    await call(other.token, "POST", "/notifications/push/remove", { endpoint: body.endpoint });
    expect((await call<PushSettings>(m.token, "GET", "/notifications/push")).json.data?.devices).toBe(1);
    await call(m.token, "POST", "/notifications/push/remove", { endpoint: body.endpoint });
    expect((await call<PushSettings>(m.token, "GET", "/notifications/push")).json.data?.devices).toBe(0);
  });

  it("a friend request reaches every subscribed browser encrypted, with the VAPID header; 410 and 404 drop the subscription", async () => {
    rt.deps.config.vapid = vapid;
    const asker = await listedMember(rt, USER_TYPE.client);
    const me = await listedMember(rt, USER_TYPE.escort);
    const phone = subscriber();
    const laptop = subscriber();
    const tablet = subscriber();
    const now = rt.clock.now();
    // The fake push service's endpoints (the test origin, http) go straight into the table: the API stores only
    // endpoints on a known push service.
    await rt.deps.db
      .insertInto("push_subscriptions")
      .values([
        { user_id: me.id, endpoint: `${origin}/ok/phone`, p256dh: ecdh64(phone), auth: phone.auth.toString("base64url"), created_at: now },
        {
          user_id: me.id,
          endpoint: `${origin}/gone/laptop`,
          p256dh: ecdh64(laptop),
          auth: laptop.auth.toString("base64url"),
          created_at: now,
        },
        {
          user_id: me.id,
          endpoint: `${origin}/unknown/tablet`,
          p256dh: ecdh64(tablet),
          auth: tablet.auth.toString("base64url"),
          created_at: now,
        },
      ])
      .execute();
    expect((await call(asker.token, "POST", `/friends/request/${me.username}`)).status).toBe(200);
    received.length = 0;
    await rt.jobs.runDue();
    expect(received.map((r) => r.path).sort()).toEqual(["/gone/laptop", "/ok/phone", "/unknown/tablet"]);
    const phoneRequest = received.find((r) => r.path === "/ok/phone")!;
    expect(phoneRequest.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(phoneRequest.headers.ttl)).toBe(86_400);
    const claims = verifyVapid(String(phoneRequest.headers.authorization), vapid.publicKey);
    expect(claims).toMatchObject({ aud: origin, sub: "mailto:ops@velora.test" });
    expect(phoneRequest.body.toString("utf8")).not.toContain("befreundet");
    const payload = JSON.parse(decrypt(phoneRequest.body, phone)) as PushPayload;
    expect(payload).toMatchObject({
      title: `Name ${asker.username} möchte mit dir befreundet sein`,
      url: "/de/user/friends?tab=received",
    });
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(4096);
    const left = await rt.deps.db.selectFrom("push_subscriptions").select("endpoint").where("user_id", "=", me.id).execute();
    expect(left.map((r) => r.endpoint)).toEqual([`${origin}/ok/phone`]);
  });

  it("a push service in trouble makes the job retry later; the subscription stays", async () => {
    rt.deps.config.vapid = vapid;
    const asker = await listedMember(rt, USER_TYPE.client);
    const me = await listedMember(rt, USER_TYPE.escort);
    const phone = subscriber();
    await rt.deps.db
      .insertInto("push_subscriptions")
      .values({
        user_id: me.id,
        endpoint: `${origin}/busy/phone`,
        p256dh: ecdh64(phone),
        auth: phone.auth.toString("base64url"),
        created_at: rt.clock.now(),
      })
      .execute();
    await call(asker.token, "POST", `/friends/request/${me.username}`);
    const counts = await rt.jobs.runDue();
    expect(counts.retry).toBe(1);
    const job = await rt.deps.db
      .selectFrom("jobs")
      .select(["state", "last_error"])
      .where("kind", "=", "notification.push")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: "queued", last_error: "push failed: push service answered 503" });
    expect(await rt.deps.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", me.id).execute()).toHaveLength(1);
  });

  it("stores only endpoints on a known push service; internal addresses, other hosts, lookalikes and user info are refused at the field", async () => {
    rt.deps.config.vapid = vapid;
    const m = await listedMember(rt, USER_TYPE.escort);
    const refused = [
      "https://127.0.0.1/fcm/send/x",
      "https://[::1]/fcm/send/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://169.254.169.254/latest/meta-data/",
      "https://2130706433/x", // 127.0.0.1 spelled as one number
      "https://evil.example/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://evilfcm.googleapis.com/fcm/send/x",
      "https://push.apple.com/x", // `*.push.apple.com` is the subdomains, not the name
      "https://fcm.googleapis.com./fcm/send/x",
      "https://fcm.googleapis.com@evil.example/x",
      "https://user:secret@fcm.googleapis.com/fcm/send/x",
      "https://evil.example#@fcm.googleapis.com/fcm/send/x",
      "https://evil.example\\@fcm.googleapis.com/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
    ];
    for (const endpoint of refused) {
      const answer = await call(m.token, "POST", "/notifications/push", subscriptionBody(endpoint, subscriber()));
      expect({ endpoint, status: answer.status }).toEqual({ endpoint, status: 400 });
      expect(answer.json.errors).toHaveLength(1);
      expect(Object.values(PUSH_ENDPOINT_ERRORS)).toContain(answer.json.errors![0]!.key);
      expect(answer.json.errors![0]!.source).toBe("endpoint");
    }
    const unknownHost = await call(m.token, "POST", "/notifications/push", subscriptionBody("https://evil.example/x", subscriber()));
    expect(unknownHost.json.errors![0]!.key).toBe(PUSH_ENDPOINT_ERRORS.unknownService);
    expect((await call<PushSettings>(m.token, "GET", "/notifications/push")).json.data?.devices).toBe(0);

    // What the browsers' push services hand out is stored.
    const accepted = [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://fcm.googleapis.com:443/wp/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://wns2-bl2p.notify.windows.com/w/?token=BQYAAAB",
      "https://web.push.apple.com/QGuQyavXutnMH",
    ];
    for (const endpoint of accepted)
      expect((await call(m.token, "POST", "/notifications/push", subscriptionBody(endpoint, subscriber()))).status).toBe(200);
    expect((await call<PushSettings>(m.token, "GET", "/notifications/push")).json.data?.devices).toBe(accepted.length);
  });

  it("a host an installation adds (PUSH_SERVICE_HOSTS) is accepted under the same rules", async () => {
    rt.deps.config.vapid = vapid;
    rt.deps.config.push.extraHosts = ["push.selfhosted.example"];
    try {
      const m = await listedMember(rt, USER_TYPE.escort);
      const ok = await call(
        m.token,
        "POST",
        "/notifications/push",
        subscriptionBody("https://push.selfhosted.example/wpush/v2/x", subscriber()),
      );
      expect(ok.status).toBe(200);
      const port = await call(
        m.token,
        "POST",
        "/notifications/push",
        subscriptionBody("https://push.selfhosted.example:8443/x", subscriber()),
      );
      expect(port.status).toBe(400);
    } finally {
      rt.deps.config.push.extraHosts = [];
    }
  });

  it("a stored endpoint off the list (from before the rule) is never contacted at send time, and goes", async () => {
    rt.deps.config.vapid = vapid;
    const asker = await listedMember(rt, USER_TYPE.client);
    const me = await listedMember(rt, USER_TYPE.escort);
    const phone = subscriber();
    await rt.deps.db
      .insertInto("push_subscriptions")
      .values({
        user_id: me.id,
        endpoint: "https://169.254.169.254/latest/meta-data/",
        p256dh: ecdh64(phone),
        auth: phone.auth.toString("base64url"),
        created_at: rt.clock.now(),
      })
      .execute();
    await call(asker.token, "POST", `/friends/request/${me.username}`);
    const counts = await rt.jobs.runDue();
    expect(counts).toMatchObject({ retry: 0, failed: 0 });
    expect(await rt.deps.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", me.id).execute()).toEqual([]);
  });

  it("a redirect from the push service is not followed, and the job does not retry it", async () => {
    rt.deps.config.vapid = vapid;
    const asker = await listedMember(rt, USER_TYPE.client);
    const me = await listedMember(rt, USER_TYPE.escort);
    const phone = subscriber();
    await rt.deps.db
      .insertInto("push_subscriptions")
      .values({
        user_id: me.id,
        endpoint: `${origin}/moved/phone`,
        p256dh: ecdh64(phone),
        auth: phone.auth.toString("base64url"),
        created_at: rt.clock.now(),
      })
      .execute();
    await call(asker.token, "POST", `/friends/request/${me.username}`);
    received.length = 0;
    const counts = await rt.jobs.runDue();
    expect(received.map((r) => r.path)).toEqual(["/moved/phone"]);
    expect(counts).toMatchObject({ retry: 0, failed: 0 });
    expect(await rt.deps.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", me.id).execute()).toHaveLength(1);
  });
});
