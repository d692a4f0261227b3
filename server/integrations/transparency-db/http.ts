/**
 * The HTTP adapter of the Transparency Database port (ADR 110): POST the statement as JSON with our bearer token.
 * 201/200 answer the new entry's uuid; 422 with the puid already known answers the existing uuid (an earlier try
 * went through but its answer was lost); any other 4xx is a refusal for good; 5xx, 401/403/408/429, network errors and timeouts throw.
 */
import type { TdbOutcome, TdbStatement, TransparencyDbClient } from "./port";

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export class TransparencyDbTransientError extends Error {}

export function httpTransparencyDb(options: { url: string; token: string; timeoutMs: number; fetch?: Fetch }): TransparencyDbClient {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    async submit(statement: TdbStatement): Promise<TdbOutcome> {
      let response: Response;
      try {
        response = await send(options.url, {
          method: "POST",
          headers: { authorization: `Bearer ${options.token}`, accept: "application/json", "content-type": "application/json" },
          body: JSON.stringify(statement),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new TransparencyDbTransientError(`transparency database unreachable: ${(error as Error).name}`);
      }
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (response.status === 200 || response.status === 201) {
        const uuid = typeof body?.uuid === "string" ? body.uuid : null;
        if (!uuid) throw new TransparencyDbTransientError("transparency database answered without a uuid");
        return { kind: "accepted", uuid };
      }
      if (response.status === 422) {
        const existing = body?.existing as { uuid?: unknown } | undefined;
        if (existing && typeof existing.uuid === "string") return { kind: "duplicate", uuid: existing.uuid };
        return { kind: "refused", detail: JSON.stringify(body?.errors ?? body).slice(0, 500) };
      }
      // A wrong or expired token is ours to fix, not the statement's fault: retried until the job gives up.
      if (response.status >= 500 || [401, 403, 408, 429].includes(response.status)) {
        throw new TransparencyDbTransientError(`transparency database answered ${response.status}`);
      }
      return { kind: "refused", detail: `status ${response.status}` };
    },
  };
}
