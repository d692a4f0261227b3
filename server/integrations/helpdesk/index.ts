/** The active help desk's adapter (ADR 134), or null when none is configured. */
import type { HelpdeskConfig } from "./config";
import { freshworksAdapter } from "./freshworks";
import type { HelpdeskAdapter } from "./port";
import { zendeskAdapter } from "./zendesk";

export type { HelpdeskAdapter, HelpdeskMember, IssuedToken, SignOnRequest } from "./port";

const adapters = new WeakMap<HelpdeskConfig, HelpdeskAdapter | null>();

export function helpdeskAdapterOf(config: HelpdeskConfig): HelpdeskAdapter | null {
  if (adapters.has(config)) return adapters.get(config)!;
  const adapter =
    config.provider === "zendesk" && config.zendesk
      ? zendeskAdapter(config.zendesk)
      : config.provider === "freshworks" && config.freshworks
        ? freshworksAdapter(config.freshworks)
        : null;
  adapters.set(config, adapter);
  return adapter;
}
