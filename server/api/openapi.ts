/** OpenAPI 3.1 document built from the registered routes' valibot schemas. */
import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import responseSchemas from "../contract/generated/response-schemas.json";
import type { ResponseName } from "../contract/responses";
import type { RegisteredRoute } from "./router";

/** The success envelope around a declared body (schemas generated from contract/responses.ts). */
function successSchema(name: ResponseName, envelope: boolean): Record<string, unknown> {
  if (!envelope) return responseSchemas.bodies[name];
  return {
    type: "object",
    required: ["code", "data"],
    properties: { code: { const: 200 }, data: responseSchemas.bodies[name], meta: {} },
  };
}

const errorSchema = {
  type: "object",
  required: ["code", "errors"],
  properties: {
    code: { type: "integer" },
    errors: {
      type: "array",
      items: {
        type: "object",
        required: ["code", "title", "message", "key"],
        properties: {
          code: { oneOf: [{ type: "integer" }, { type: "string" }] },
          title: { type: "string", description: "translation key or text" },
          message: { type: "string" },
          key: { type: "string" },
          source: { type: "string", description: "the input field the error belongs to" },
          params: { type: "object", additionalProperties: { oneOf: [{ type: "string" }, { type: "number" }] } },
        },
      },
    },
  },
};

function schemaOf(schema: v.GenericSchema | v.GenericSchemaAsync): Record<string, unknown> {
  try {
    return toJsonSchema(schema as v.GenericSchema, { errorMode: "ignore" }) as Record<string, unknown>;
  } catch {
    return { type: "object" };
  }
}

export function buildOpenApiDocument(routes: RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { fullPath, spec } of routes) {
    const openApiPath = fullPath.replace(/:([A-Za-z_]+)/g, "{$1}");
    const params = [...fullPath.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const query = spec.query ? schemaOf(spec.query) : undefined;
    const queryParams = query?.properties
      ? Object.entries(query.properties as Record<string, unknown>).map(([name, schema]) => ({
          name,
          in: "query",
          required: ((query.required as string[] | undefined) ?? []).includes(name),
          schema,
        }))
      : [];
    const bodyType = spec.bodyFormat === "form" ? "application/x-www-form-urlencoded" : "application/json";
    const envelope = spec.envelope !== false;
    const success = spec.response ? { content: { "application/json": { schema: successSchema(spec.response, envelope) } } } : {};
    const responses: Record<string, unknown> = {
      200: { description: envelope ? "Success: `{ code: 200, data, meta? }`" : "Success: the declared body itself", ...success },
      400: { description: "Invalid input", content: { "application/json": { schema: errorSchema } } },
    };
    if (spec.auth === "required")
      responses[401] = { description: "Missing or invalid token", content: { "application/json": { schema: errorSchema } } };
    // A route that declares its own success status (201, 202) does not answer 200.
    if ((spec.statuses ?? []).some((status) => status < 300)) delete responses[200];
    if (spec.staff)
      responses[403] ??= {
        description: "Not staff, or the staff role lacks the permission",
        content: { "application/json": { schema: errorSchema } },
      };
    if (spec.body) responses[413] = { description: "Request body too large", content: { "application/json": { schema: errorSchema } } };
    for (const status of spec.statuses ?? []) {
      // 201/202 are successes in the envelope; everything else is an error item list.
      responses[status] ??=
        status < 300
          ? { description: `Success (HTTP ${status}): \`{ code: 200, data }\``, ...success }
          : { description: `HTTP ${status}`, content: { "application/json": { schema: errorSchema } } };
    }
    (paths[openApiPath] ??= {})[spec.method] = {
      summary: spec.summary,
      tags: [spec.tag],
      ...(spec.auth === "required" ? { security: [{ bearer: [] }] } : {}),
      // The staff matrix's permission a back-office operation asks for (ADR 116); tests walk the document by it.
      ...(spec.staff ? { "x-staff-permission": spec.staff } : {}),
      parameters: [...params, ...queryParams],
      ...(spec.body ? { requestBody: { required: true, content: { [bodyType]: { schema: schemaOf(spec.body) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Velora v2 API",
      version: "2.0.0",
      description: "The API behind the web tier. Errors use the item shape of the spec's section 8.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { ...responseSchemas.definitions, Error: errorSchema },
    },
    paths,
  };
}
