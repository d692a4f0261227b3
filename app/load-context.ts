import type { HostLoadContext } from "#server/host";

declare module "@remix-run/node" {
  // The context the one-process host passes to loaders and actions. Under
  // remix-serve (web tier alone) it is empty and the client uses API_URL.
  interface AppLoadContext {
    apiFetch?: HostLoadContext["apiFetch"];
    apiCall?: HostLoadContext["apiCall"];
    clientAddress?: HostLoadContext["clientAddress"];
    cspNonce?: HostLoadContext["cspNonce"];
    allowInlineScriptsOf?: HostLoadContext["allowInlineScriptsOf"];
    keepWholeBody?: HostLoadContext["keepWholeBody"];
    requestId?: HostLoadContext["requestId"];
    log?: HostLoadContext["log"];
    reportError?: HostLoadContext["reportError"];
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
