/**
 * The embedded AML provider (ADR 109): answers at once, offline and deterministically by markers in the screened
 * name, so tests and the demo can drive every path. A name containing "zzhit" is a hit, "zzerror" always fails,
 * "zzflaky" fails on the first attempt only (the retry job then clears it); every other name is clear.
 */
import { createHash } from "node:crypto";
import type { AmlProvider } from "./port";

export const FAKE_AML_PROVIDER_NAME = "fake";

export const FAKE_AML_MARKERS = { hit: "zzhit", error: "zzerror", flaky: "zzflaky" } as const;

export function createFakeAmlProvider(): AmlProvider {
  return {
    name: FAKE_AML_PROVIDER_NAME,
    async screen(subject, attempt) {
      const name = subject.fullName.toLowerCase();
      const providerReference = `fake-aml-${createHash("sha256").update(subject.reference).digest("hex").slice(0, 16)}`;
      if (name.includes(FAKE_AML_MARKERS.error) || (name.includes(FAKE_AML_MARKERS.flaky) && attempt === 1))
        return { outcome: "error", message: "fake provider: temporarily unavailable" };
      if (name.includes(FAKE_AML_MARKERS.hit))
        return { outcome: "hit", providerReference, matches: [`EU consolidated sanctions list: ${subject.fullName} (fake entry)`] };
      return { outcome: "clear", providerReference };
    },
  };
}
