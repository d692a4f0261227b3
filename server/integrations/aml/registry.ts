/**
 * Which AML provider screens (ADR 109). Only the embedded fake exists: no provider's documentation could be read
 * here, so no HTTP adapter claims a shape we cannot check; a real one is a second adapter behind ./port.ts.
 */
import { createFakeAmlProvider } from "./fake";
import type { AmlProvider } from "./port";

export function amlProvider(): AmlProvider {
  return createFakeAmlProvider();
}
