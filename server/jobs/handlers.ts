/**
 * The handler of every job kind, bound to the process's dependencies: built from the feature manifests
 * (server/modules/index.ts, ADR 064), where each kind is declared with its handler. A kind whose handler answers
 * null is not claimed by this process (mail delivery only runs with SMTP_URL).
 */
import type { ApiDeps } from "../api/types";
import type { SmtpSender } from "../integrations/mail/smtp";
import { FEATURES } from "../modules/index";
import { jobHandlersOf } from "../modules/registry";
import type { JobHandlers } from "./queue";

export function jobHandlersFor(deps: ApiDeps, options: { smtp?: SmtpSender } = {}): JobHandlers {
  return jobHandlersOf(FEATURES, deps, options);
}
