/**
 * One descriptor per API operation (issue 24 item 2, ADR 062): every route the API serves is registered under a
 * descriptor of server/contract/operations, and every descriptor there is served by exactly one route, with the
 * descriptor's own method, path and schemas. So a path or a schema exists once, and the web tier, which calls by the
 * same descriptors, cannot name an operation the API does not have.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Operation } from "#server/contract/operation";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";

const OPERATIONS_DIR = join(process.cwd(), "server/contract/operations");

function isOperation(value: unknown): value is Operation {
  return typeof value === "object" && value !== null && "method" in value && "path" in value;
}

/** Every descriptor the contract exports, by where it is ("dates.answer.accept"); families are nested objects. */
async function contractOperations(): Promise<Map<Operation, string>> {
  const found = new Map<Operation, string>();
  const walk = (value: unknown, name: string) => {
    if (isOperation(value)) {
      found.set(value, name);
      return;
    }
    if (typeof value === "object" && value !== null) for (const [key, inner] of Object.entries(value)) walk(inner, `${name}.${key}`);
  };
  for (const file of readdirSync(OPERATIONS_DIR).filter((name) => name.endsWith(".ts"))) {
    walk(await import(join(OPERATIONS_DIR, file)), file.replace(/\.ts$/, ""));
  }
  return found;
}

describe("operation descriptors and registered routes", () => {
  let rt: TestRuntime;
  let operations: Map<Operation, string>;
  beforeAll(async () => {
    rt = await createTestRuntime();
    operations = await contractOperations();
  });
  afterAll(async () => {
    await rt.close();
  });

  it("every registered route comes from a descriptor of the contract", () => {
    const strays = rt.api.routes.filter((route) => !operations.has(route.operation)).map((r) => `${r.spec.method} ${r.fullPath}`);
    expect(strays).toEqual([]);
    expect(rt.api.routes.length).toBeGreaterThan(150);
  });

  it("every descriptor is served once, by its own method and path", () => {
    const served = new Map<Operation, number>();
    for (const route of rt.api.routes) served.set(route.operation, (served.get(route.operation) ?? 0) + 1);
    const unserved = [...operations].filter(([operation]) => served.get(operation) !== 1).map(([, name]) => name);
    expect(unserved).toEqual([]);
    for (const route of rt.api.routes) {
      expect(route.fullPath, operations.get(route.operation)).toBe(route.operation.path);
      expect(route.spec.method).toBe(route.operation.method);
      expect(route.spec.query).toBe(route.operation.query);
      expect(route.spec.response).toBe(route.operation.response);
    }
  });

  it("no two descriptors name the same method and path", () => {
    const keys = [...operations.keys()].map((operation) => `${operation.method} ${operation.path}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it("the API validates with the descriptor's body schema (one built at start-up keeps its type and shape)", () => {
    for (const route of rt.api.routes) {
      const name = operations.get(route.operation);
      // Sign-up binds its age rule to the API's clock: the same schema, built again.
      if (name === "registration.registrationOps.signUp") expect(route.spec.body?.type, name).toBe(route.operation.body?.type);
      else expect(route.spec.body, name).toBe(route.operation.body);
    }
  });
});
