/**
 * Every API test checks the success bodies it receives against the route's declared response type (issue 8
 * item 1): the test runtime validates each 2xx JSON answer of a route with `response` against the JSON schema
 * generated from that type (server/contract/generated/response-schemas.json). A body that drifts from its
 * declared type fails the test that received it, so the OpenAPI document and the web tier's types stay true.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import responseSchemas from "#server/contract/generated/response-schemas.json";
import type { RegisteredRoute } from "#server/api/router";

interface RouteMatcher {
  method: string;
  pattern: RegExp;
  route: RegisteredRoute;
}

const ajv = new Ajv2020({ strict: false });
ajv.addSchema({ $id: "contract", components: { schemas: responseSchemas.definitions } });
const validators = new Map<string, ValidateFunction>();

function validatorFor(name: string): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    const body = (responseSchemas.bodies as Record<string, unknown>)[name];
    if (!body) throw new Error(`response ${name} has no generated schema: run npm run contract:schemas`);
    const schema = JSON.parse(JSON.stringify(body).replaceAll('"#/components/schemas/', '"contract#/components/schemas/'));
    validate = ajv.compile(schema as object);
    validators.set(name, validate);
  }
  return validate;
}

export function routeMatchers(routes: RegisteredRoute[]): RouteMatcher[] {
  return routes.map((route) => ({
    method: route.spec.method.toUpperCase(),
    pattern: new RegExp(`^${route.fullPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:([A-Za-z_]+)/g, "[^/]+")}$`),
    route,
  }));
}

/** Throws when a success answer of a route with a declared response does not match its schema. */
export async function checkDeclaredResponse(matchers: RouteMatcher[], method: string, url: URL, response: Response): Promise<void> {
  if (response.status >= 300 || !(response.headers.get("content-type") ?? "").includes("application/json")) return;
  // Hono answers the first registered route that matches: so does this lookup.
  const match = matchers.find((m) => m.method === method && m.pattern.test(url.pathname));
  const name = match?.route.spec.response;
  if (!name) return;
  const body = (await response.clone().json()) as { data?: unknown };
  const validate = validatorFor(name);
  if (!validate(match.route.spec.envelope === false ? body : body.data)) {
    throw new Error(`${method} ${url.pathname} answered a body that is not its declared ${name}: ${ajv.errorsText(validate.errors)}`);
  }
}
