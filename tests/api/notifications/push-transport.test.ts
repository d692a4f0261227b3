/**
 * The push sender's destination checks (ADR 057), with the resolver and the HTTP client handed in: a name on the
 * list that resolves inward is never contacted, the connection goes to the address that was checked (the agent's
 * lookup answers nothing else), and a push service that never answers is cut by the timeouts.
 */
import { createECDH, randomBytes } from "node:crypto";
import { createServer, type ClientRequest, type Server } from "node:http";
import type { RequestOptions } from "node:https";
import type { AddressInfo, LookupFunction } from "node:net";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, pushConfigFrom } from "#server/config";
import { createPushSender, PushRefusedError, type Resolve } from "#server/modules/notifications/push-transport";

const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:ops@velora.test" };

function subscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") } };
}

const options = { vapidDetails: vapid, TTL: 60 };

/** A resolver that answers `addresses` for every name and counts its questions. */
function resolverOf(...addresses: string[]): Resolve & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

/** An HTTP client that records what would have been sent and sends nothing. */
function recorder() {
  const calls: Array<{ url: URL; options: RequestOptions }> = [];
  const request = (url: URL, requestOptions: RequestOptions): ClientRequest => {
    calls.push({ url, options: requestOptions });
    throw new Error("recorded, not sent");
  };
  return { calls, request };
}

describe("the push sender's destinations", () => {
  it("never contacts a listed push service whose name resolves to a private, loopback, link-local or other inward address", async () => {
    const inward = [
      ["127.0.0.1"],
      ["::1"],
      ["10.1.2.3"],
      ["172.16.0.9"],
      ["192.168.1.20"],
      ["169.254.169.254"],
      ["100.64.0.1"],
      ["0.0.0.0"],
      ["224.0.0.251"],
      ["fd00::1"],
      ["fe80::1"],
      ["::ffff:10.0.0.1"],
      ["64:ff9b::a9fe:a9fe"],
      // One inward answer among public ones is enough to refuse.
      ["142.250.185.74", "10.0.0.7"],
    ];
    for (const addresses of inward) {
      const resolve = resolverOf(...addresses);
      const http = recorder();
      const send = createPushSender({ extraHosts: [], resolve, request: http.request });
      const sent = send(subscription("https://fcm.googleapis.com/fcm/send/abc"), "{}", options);
      await expect(sent, addresses.join(",")).rejects.toBeInstanceOf(PushRefusedError);
      await expect(sent).rejects.toMatchObject({ reason: "private_address" });
      expect(resolve.asked).toEqual(["fcm.googleapis.com"]);
      expect(http.calls).toEqual([]);
    }
  });

  it("an endpoint off the list is refused before any name is resolved", async () => {
    const resolve = resolverOf("142.250.185.74");
    const http = recorder();
    const send = createPushSender({ extraHosts: [], resolve, request: http.request });
    for (const endpoint of ["https://evil.example/x", "https://169.254.169.254/", "http://fcm.googleapis.com/fcm/send/x"])
      await expect(send(subscription(endpoint), "{}", options)).rejects.toMatchObject({ reason: "not_push_service" });
    expect(resolve.asked).toEqual([]);
    expect(http.calls).toEqual([]);
  });

  it("connects to the address it checked: the agent's lookup answers that address and asks DNS nothing more", async () => {
    const resolve = resolverOf("142.250.185.74");
    const http = recorder();
    const send = createPushSender({ extraHosts: [], resolve, request: http.request });
    await expect(send(subscription("https://fcm.googleapis.com/fcm/send/abc"), "{}", options)).rejects.toThrow("recorded, not sent");
    expect(http.calls).toHaveLength(1);
    const { url, options: sent } = http.calls[0]!;
    expect(url.hostname).toBe("fcm.googleapis.com");
    expect(sent.method).toBe("POST");
    expect(sent.headers).toMatchObject({ "Content-Encoding": "aes128gcm" });
    expect(String((sent.headers as Record<string, string>).Authorization)).toMatch(/^vapid t=/);
    // However often the socket asks (and whatever DNS would say by then), it gets the checked address.
    const lookup = (sent.agent as unknown as { options: { lookup: LookupFunction } }).options.lookup;
    const ask = (all: boolean) =>
      new Promise((resolved) =>
        lookup("fcm.googleapis.com", { all }, (_err, address, family) => resolved(all ? address : { address, family })),
      );
    expect(await ask(true)).toEqual([{ address: "142.250.185.74", family: 4 }]);
    expect(await ask(false)).toEqual({ address: "142.250.185.74", family: 4 });
    expect(resolve.asked).toEqual(["fcm.googleapis.com"]);
  });

  describe("against a push service that never answers", () => {
    let server: Server;
    let origin = "";
    beforeAll(async () => {
      server = createServer(() => {
        // Reads the request and keeps the connection open without a status line.
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it("gives up after the total timeout", async () => {
      const send = createPushSender({ extraHosts: [], testOrigin: origin, totalTimeoutMs: 200 });
      const started = Date.now();
      await expect(send(subscription(`${origin}/ok/x`), "{}", options)).rejects.toThrow("push: timed out");
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });
});

describe("PUSH_SERVICE_HOSTS", () => {
  it("adds host names or *.name patterns; an IP address, a port or a URL stops the start; the test origin is never read from it", () => {
    expect(pushConfigFrom({})).toEqual({ extraHosts: [], testOrigin: undefined });
    expect(pushConfigFrom({ PUSH_SERVICE_HOSTS: " Push.Example.org, *.push.example.net " })).toEqual({
      extraHosts: ["push.example.org", "*.push.example.net"],
      testOrigin: undefined,
    });
    for (const wrong of [
      "127.0.0.1",
      "push.example.org:8443",
      "https://push.example.org",
      "*",
      "*.org.",
      "[::1]",
      "push..example.org",
      "-push.example.org",
    ])
      expect(() => pushConfigFrom({ PUSH_SERVICE_HOSTS: wrong }), wrong).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://velora.example", APP_SECRET: "x" }).push.testOrigin).toBeUndefined();
  });
});
