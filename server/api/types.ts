import type { AppConfig } from "../config";
import type { Language } from "../contract/locales";
import type { DB, Dialect } from "../db/index";
import type { Mailer } from "../integrations/mail/mailer";
import type { Clock } from "../lib/clock";

/** Everything a service needs, passed in rather than imported (tests swap parts). */
export interface ApiDeps {
  db: DB;
  dialect: Dialect;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
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
  /** Set by /batch on the calls it dispatches: a batch never runs inside a batch. */
  inBatch?: boolean;
}

export type ApiEnv = {
  Bindings: ApiBindings;
  Variables: {
    deps: ApiDeps;
    clientIp: string;
    user: AuthUser | null;
    lang: Language;
  };
};
