import type { AppConfig } from "../config";
import type { Language } from "../contract/locales";
import type { DB, Dialect } from "../db/index";
import type { Mailer } from "../integrations/mail/mailer";
import type { Clock } from "../lib/clock";
import type { Logger } from "../ops/logger";
import type { Bus } from "../realtime/bus";
import type { PresenceService } from "../realtime/presence";

/** Everything a service needs, passed in rather than imported (tests swap parts). */
export interface ApiDeps {
  db: DB;
  dialect: Dialect;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  /** Realtime fan-out to the sockets of every instance (publish after commit). */
  bus: Bus;
  /** Live online status of members across instances (never stored; ADR 042). */
  presence: PresenceService;
}

/**
 * The member behind a live access token (resolved by the auth module's tokens.ts). Declared here, with the other
 * request types, so the API's types import no module: a module's service depends on them, never the reverse.
 */
export interface TokenOwner {
  tokenId: number;
  userId: number;
  userType: number;
}

export interface AuthUser {
  id: number;
  userType: number;
  tokenId: number;
}

/** What the host (or an in-process caller) tells the API about the connection. */
export interface ApiBindings {
  remoteAddress?: string;
  /** The call comes from our own web tier in this process: its X-Forwarded-For is trusted. */
  internal?: boolean;
  /**
   * The TCP peer of the connection that carried the request, never taken from X-Forwarded-For:
   * the loopback-only dev routes of the demo decide on it.
   */
  peerAddress?: string;
  /** The host's request id (X-Request-Id): the API's log lines carry the page's id. */
  requestId?: string;
  /** Set by /batch on the calls it dispatches: a batch never runs inside a batch. */
  inBatch?: boolean;
  /**
   * The owners of the access tokens this one page request presented (ADR 051): the host passes a fresh
   * map for each GET or HEAD page, whose loaders call the API several times with the same token, so the
   * token is looked up once per page instead of once per call. Never shared between requests, never
   * given to a request that may change state (a sign-out or a password change is a POST).
   */
  tokenOwners?: Map<string, Promise<TokenOwner | null>>;
}

export type ApiEnv = {
  Bindings: ApiBindings;
  Variables: {
    deps: ApiDeps;
    clientIp: string;
    user: AuthUser | null;
    lang: Language;
    /** The deps' logger bound to this request's id. */
    log: Logger;
  };
};
