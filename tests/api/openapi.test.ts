/**
 * /api/v2/openapi.json: an OpenAPI 3.1 document generated from the same
 * valibot schemas that validate requests, listing every registered route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../helpers/runtime";

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
interface Operation {
  summary: string;
  tags: string[];
  security?: unknown[];
  parameters: Array<{ name: string; in: string; required: boolean; schema: unknown }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

describe(`OpenAPI document (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    rt = await createTestRuntime();
    const response = await rt.request("/api/v2/openapi.json");
    expect(response.status).toBe(200);
    doc = (await response.json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await rt.close();
  });

  const operation = (path: string, method: string) => doc.paths[path]?.[method];

  it("is an OpenAPI 3.1 skeleton", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.components.securitySchemes.bearer).toEqual({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error?.required).toEqual(["code", "errors"]);
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/(api|oauth)\/v2\//);
      expect(path).not.toContain(":");
      for (const [method, op] of Object.entries(item)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        expect(op.summary.length, `${method} ${path}`).toBeGreaterThan(0);
        expect(op.tags).toHaveLength(1);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(op.responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          expect(response.description.length).toBeGreaterThan(0);
        }
        // Every {param} of the path is declared as a required path parameter.
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          expect(op.parameters, `${path} ${name}`).toContainEqual(expect.objectContaining({ name, in: "path", required: true }));
        }
      }
    }
  });

  it("lists exactly the registered routes", () => {
    const registered = rt.api.routes.map((r) => `${r.spec.method} ${r.fullPath.replace(/:([A-Za-z_]+)/g, "{$1}")}`).sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`))
      .sort();
    expect(documented).toEqual(registered);
    expect(registered.length).toBeGreaterThan(5);
    for (const expected of [
      "post /oauth/v2/token",
      "get /api/v2/user/data",
      "post /api/v2/batch",
      "post /api/v2/registration/password/reset",
      "get /api/v2/captcha",
    ]) {
      expect(documented).toContain(expected);
    }
  });

  it("gives every route with a body a JSON schema of it", () => {
    for (const route of rt.api.routes.filter((r) => r.spec.body)) {
      const op = operation(route.fullPath.replace(/:([A-Za-z_]+)/g, "{$1}"), route.spec.method)!;
      expect(op.requestBody?.required, route.fullPath).toBe(true);
      const [type, media] = Object.entries(op.requestBody!.content)[0]!;
      expect(type).toBe(route.spec.bodyFormat === "form" ? "application/x-www-form-urlencoded" : "application/json");
      const schema = media.schema;
      expect(schema.type === "object" || Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf), route.fullPath).toBe(true);
      expect(op.responses["400"]?.content?.["application/json"], route.fullPath).toBeDefined();
      expect(op.responses["413"], route.fullPath).toBeDefined();
    }
  });

  it("documents the reset body: token, password, password_confirmation, all required", () => {
    const schema = operation("/api/v2/registration/password/reset", "post")!.requestBody!.content["application/json"]!.schema;
    expect(schema.type).toBe("object");
    expect(Object.keys(schema.properties!).sort()).toEqual(["password", "password_confirmation", "token"]);
    expect([...schema.required!].sort()).toEqual(["password", "password_confirmation", "token"]);
    expect(schema.properties!.password).toMatchObject({ type: "string", minLength: 8, maxLength: 128 });
  });

  it("documents the token endpoint as a form with both grants", () => {
    const op = operation("/oauth/v2/token", "post")!;
    const schema = op.requestBody!.content["application/x-www-form-urlencoded"]!.schema;
    const variants = (schema.anyOf ?? schema.oneOf)!;
    const grants = variants.map((variant) => variant.properties!.grant_type);
    expect(grants).toEqual([expect.objectContaining({ const: "password" }), expect.objectContaining({ const: "refresh_token" })]);
    expect(variants[0]!.required).toEqual(expect.arrayContaining(["grant_type", "username", "password"]));
    expect(op.responses["429"]).toBeDefined();
  });

  it("marks authenticated routes and documents their 401", () => {
    for (const route of rt.api.routes) {
      const op = operation(route.fullPath.replace(/:([A-Za-z_]+)/g, "{$1}"), route.spec.method)!;
      if (route.spec.auth === "required") {
        expect(op.security, route.fullPath).toEqual([{ bearer: [] }]);
        expect(op.responses["401"], route.fullPath).toBeDefined();
      } else {
        expect(op.security, route.fullPath).toBeUndefined();
      }
    }
    expect(operation("/api/v2/user/data", "get")!.security).toEqual([{ bearer: [] }]);
  });

  it("documents 202 (not 200) for the forgot-password call, with its declared body", () => {
    const responses = operation("/api/v2/registration/password/forgot", "post")!.responses;
    expect(responses["202"]).toBeDefined();
    expect(responses["202"]!.content?.["application/json"]?.schema).toMatchObject({
      properties: { data: { $ref: "#/components/schemas/ResetMailRequested" } },
    });
    expect(doc.components.schemas.ResetMailRequested).toMatchObject({ required: ["sent"] });
    expect(responses["200"]).toBeUndefined();
  });

  it("documents query parameters from the query schema", () => {
    const params = operation("/api/v2/dev/outbox", "get")!.parameters;
    expect(params.map((p) => p.name).sort()).toEqual(["limit", "to"]);
    expect(params.every((p) => p.in === "query" && p.required === false)).toBe(true);
  });
});
