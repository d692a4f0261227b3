/**
 * The notification events as the modules that send them declare them in their manifests (ADR 064), read through the
 * services' deps: the notification centre serves those modules, so it cannot import them.
 */
import type { ApiDeps, NotificationDeclaration } from "../../api/types";
import type { NotificationEvent } from "../../contract/notifications";

/** An event's kind, popup and texts. Every event has one (tests/api/module-graph.test.ts); a missing one is a bug, not bad input. */
export function notificationDeclaration(deps: Pick<ApiDeps, "features">, event: NotificationEvent): NotificationDeclaration {
  const declared = deps.features.notifications.get(event);
  if (!declared) throw new Error(`notification event ${event} is declared by no feature manifest`);
  return declared;
}
