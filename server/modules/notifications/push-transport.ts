/**
 * The one way the server reaches a push service (ADR 057). A subscription's endpoint is chosen by whoever posted it,
 * so before anything leaves: the endpoint must be on a known push service (contract/notifications), its host is
 * resolved here and every address must be public (isPublicAddress), and the connection goes to the address that was
 * checked — the agent's `lookup` answers with it, so a second DNS answer (rebinding) is never asked for. No redirect
 * is followed (node:https follows none; a 3xx is reported as it is), and a connect and a total timeout bound the
 * request. web-push still encrypts the payload and signs the VAPID header (generateRequestDetails).
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import webpush, { type PushSubscription as WebPushSubscription, type RequestOptions } from "web-push";
import { pushEndpointProblem } from "../../contract/notifications";
import { isPublicAddress } from "../../lib/network";

/** Resolves a host name to all its addresses (dns.lookup with `all`; tests pass their own). */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Why a push was not sent at all (nothing was contacted). */
export type PushRefusal = "not_push_service" | "private_address";

export class PushRefusedError extends Error {
  constructor(
    readonly reason: PushRefusal,
    detail: string,
  ) {
    super(`push refused (${reason}): ${detail}`);
  }
}

/** Sends one encrypted push message; resolves with the push service's status (201 created, 404/410 gone, 3xx, …). */
export type PushSend = (subscription: WebPushSubscription, payload: string, options: RequestOptions) => Promise<{ statusCode: number }>;

export interface PushSenderOptions {
  /** Hosts added to the browsers' push services (config.push.extraHosts). */
  extraHosts: readonly string[];
  /** Tests only (config.push.testOrigin): a local fake push service reached over plain HTTP without the checks. */
  testOrigin?: string;
  resolve?: Resolve;
  /** The HTTP client (node:https, node:http for the test origin); a test passes a recorder. */
  request?: (url: URL, options: https.RequestOptions) => http.ClientRequest;
  /** Until the TLS (or, for the test origin, TCP) connection stands. */
  connectTimeoutMs?: number;
  /** Until the push service's status line arrives. */
  totalTimeoutMs?: number;
}

const PUSH_CONNECT_TIMEOUT_MS = 5_000;
const PUSH_TOTAL_TIMEOUT_MS = 10_000;

const defaultRequest = (url: URL, options: https.RequestOptions) =>
  url.protocol === "https:" ? https.request(url, options) : http.request(url, options);

/** A `lookup` that answers every question with the one address that was checked. */
function pinnedLookup(address: string, family: number): LookupFunction {
  return (_hostname, options, callback) => {
    // With autoSelectFamily (Node 20's default) net asks for every address at once.
    if (options.all) (callback as (err: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** The checked address of an allowed endpoint's host; refuses when any address the name has is not public. */
async function checkedAddress(hostname: string, resolve: Resolve): Promise<{ address: string; family: number }> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw new Error(`push: ${hostname} has no address`);
  // One private answer is enough to refuse: a name that points inward, even partly, is not a push service.
  const inward = addresses.find((entry) => !isPublicAddress(entry.address));
  if (inward) throw new PushRefusedError("private_address", `${hostname} resolves to ${inward.address}`);
  return addresses[0]!;
}

export function createPushSender(options: PushSenderOptions): PushSend {
  const resolve = options.resolve ?? systemResolve;
  const request = options.request ?? defaultRequest;
  const connectTimeoutMs = options.connectTimeoutMs ?? PUSH_CONNECT_TIMEOUT_MS;
  const totalTimeoutMs = options.totalTimeoutMs ?? PUSH_TOTAL_TIMEOUT_MS;

  return async (subscription, payload, requestOptions) => {
    const url = new URL(subscription.endpoint);
    const isTestOrigin = options.testOrigin !== undefined && url.origin === options.testOrigin;
    let agent: https.Agent | http.Agent | undefined;
    if (!isTestOrigin) {
      // Checked again at send time: a row stored before the rule (or a host since taken off the list) is never reached.
      if (pushEndpointProblem(subscription.endpoint, options.extraHosts) !== null)
        throw new PushRefusedError("not_push_service", url.hostname);
      const { address, family } = await checkedAddress(url.hostname, resolve);
      agent = new https.Agent({ keepAlive: false, lookup: pinnedLookup(address, family) });
    }
    const details = webpush.generateRequestDetails(subscription, payload, requestOptions);
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    try {
      return await new Promise<{ statusCode: number }>((done, fail) => {
        const req = request(url, { method: details.method, headers, agent });
        const total = setTimeout(() => req.destroy(new Error("push: timed out")), totalTimeoutMs);
        let connect: NodeJS.Timeout | undefined;
        req.once("socket", (socket) => {
          connect = setTimeout(() => req.destroy(new Error("push: connect timed out")), connectTimeoutMs);
          socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => clearTimeout(connect));
        });
        const finish = () => {
          clearTimeout(total);
          clearTimeout(connect);
        };
        req.once("response", (response) => {
          finish();
          // Only the status matters; the body (and any Location) is never read or followed.
          response.destroy();
          done({ statusCode: response.statusCode ?? 0 });
        });
        req.once("error", (error) => {
          finish();
          fail(error);
        });
        req.end(details.body ?? undefined);
      });
    } finally {
      agent?.destroy();
    }
  };
}
