/**
 * Serves the contract's operation descriptors (contract/operations, ADR 062): validates input with their valibot
 * schemas and records each route for the OpenAPI document, so the descriptor is the one source of both.
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ErrorItem } from "../contract/errors";
import type { BodyOutput, Operation, OperationMethod, OperationSchema, QueryOutput } from "../contract/operation";
import type { ResponseBodies, ResponseName } from "../contract/responses";
import type { StaffPermission } from "../contract/staff-permissions";
import { requireStaffPermission } from "./staff-gate";
import { STAFF_TOTP_ERRORS, type SecondFactorDue } from "../contract/staff-totp";
import { parseRowId } from "../contract/row-id";
import { assertNotClaimedByOther, claimScopeOf, releaseDecidedClaim, type RouteClaim } from "./claim-gate";
import { ApiError, errorItem, fail, jsonTextAnswer } from "./errors";
import { withResponseText } from "./internal-call";
import type { ApiEnv, AuthUser } from "./types";
import { parseOrThrowAsync } from "./validate";

/**
 * What the API alone needs to serve an operation (its descriptor, contract/operations, holds what both tiers need):
 * the OpenAPI words, who may call it, its documented statuses and body limits (ADR 062).
 */
export interface RouteOptions<O extends Operation = Operation> {
  summary: string;
  tag: string;
  /** required: 401 without a valid token; optional: user may be null. */
  auth: "required" | "optional";
  /**
   * A back-office route's permission from the staff matrix (contract/staff-permissions, ADR 116): the router asks the
   * access kernel before it reads the input or calls the handler, so no back-office route can forget the check. Every
   * path under /backoffice/ must declare one (`staffRouteProblems`, checked at start-up).
   */
  staff?: StaffPermission;
  /**
   * The route answers a staff sign-in that still owes its second factor (ADR 117): the second step, enrolment, /user/data
   * and sign-out. Every other route refuses such a sign-in with 403 (a route that welcomes guests answers it as a guest).
   */
  beforeSecondFactor?: true;
  /** Answers documented beyond 200 and the error shape. */
  statuses?: number[];
  /**
   * The body schema the API validates with when it is built at start-up (bound to the API's clock, say); of the
   * descriptor's type, so what callers send and what the handler gets stay the descriptor's.
   */
  body?: O["body"];
  /** Largest accepted request body; bigger ones get 413. Defaults to DEFAULT_MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /**
   * The handler streams the body itself and enforces maxBodyBytes while reading (uploads).
   * Hono's bodyLimit buffers a body without Content-Length in memory to count it, so such
   * routes only get the up-front Content-Length check here.
   */
  streamsBody?: boolean;
  /**
   * Extra top-level fields for this route's input failures, e.g. OAuth's
   * `error` code, so clients of that protocol read them as they expect.
   */
  errorFields?: (items: ErrorItem[]) => Record<string, unknown>;
  /**
   * A back-office decide route's staff claim (ADR 119): refused with 409 while another staff member holds the item
   * named by the path parameter `param` in claim scope `queue`; a successful answer releases the claim.
   */
  claim?: RouteClaim;
}

/** A registered route: its descriptor's fields and its options, as the OpenAPI document and the tests read them. */
export interface RouteSpec extends Omit<RouteOptions, "body"> {
  method: OperationMethod;
  /** The path below the router's prefix, as Hono matches it. */
  path: string;
  body?: OperationSchema;
  query?: OperationSchema;
  bodyFormat?: "json" | "form";
  response?: ResponseName;
  envelope?: false;
}

/** The gate's 403 per due step: enter the code, or set up the authenticator first. */
const SECOND_FACTOR_REFUSALS: Readonly<Record<SecondFactorDue, string>> = {
  verify: STAFF_TOTP_ERRORS.pending,
  enrol: STAFF_TOTP_ERRORS.required,
};

/** JSON and form bodies of the API are small; uploads declare their own limit. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface RegisteredRoute {
  fullPath: string;
  spec: RouteSpec;
  operation: Operation;
}

/**
 * A success answer that remembers the type of its `data` for the typechecker (`ok` makes them). A route that
 * declares `response` must answer with data of that type; a raw Response (files, redirects) passes as it is.
 */
export type Answer<T> = Response & { readonly __data?: T };

/** What a route's handler must answer: the declared body type, or anything when none is declared. */
type AnswerOf<O> = O extends { readonly response: infer N extends ResponseName } ? Answer<ResponseBodies[N]> : Response;

export interface HandlerInput<B, Q> {
  body: B;
  query: Q;
  user: AuthUser | null;
}

export type Handler<B, Q, R extends Response = Response> = (c: Context<ApiEnv>, input: HandlerInput<B, Q>) => Promise<R> | R;

export class ApiRouter {
  constructor(
    private readonly hono: Hono<ApiEnv>,
    private readonly prefix: string,
    private readonly registry: RegisteredRoute[],
  ) {}

  /**
   * Serves `operation` (its method, path and schemas from the contract) with `handler`, which gets the validated body
   * and query typed by the descriptor's schemas and must answer its declared body.
   */
  add<O extends Operation>(operation: O, options: RouteOptions<O>, handler: Handler<BodyOutput<O>, QueryOutput<O>, AnswerOf<O>>): void {
    // The descriptor holds the full path; this router serves the part below its prefix (/api/v2 or /oauth/v2).
    if (!operation.path.startsWith(`${this.prefix}/`)) throw new Error(`${operation.path} is not below ${this.prefix}`);
    const { body: bodySchema, ...serverOptions } = options;
    const spec: RouteSpec = {
      ...serverOptions,
      method: operation.method,
      path: operation.path.slice(this.prefix.length),
      body: bodySchema ?? operation.body,
      query: operation.query,
      bodyFormat: operation.bodyFormat,
      response: operation.response,
      envelope: operation.envelope,
    };
    this.registry.push({ fullPath: operation.path, spec, operation });
    const withFields = (err: unknown) =>
      err instanceof ApiError && spec.errorFields
        ? new ApiError(err.status, err.items, { ...err.extra, ...spec.errorFields(err.items) })
        : err;
    const maxBodyBytes = spec.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const tooLarge = () => withFields(new ApiError(413, [errorItem(413, "validation.malformed_body")]));
    const limitBody: MiddlewareHandler<ApiEnv> = spec.streamsBody
      ? async (c, next) => {
          if (Number(c.req.header("content-length") ?? 0) > maxBodyBytes) throw tooLarge();
          await next();
        }
      : bodyLimit({
          maxSize: maxBodyBytes,
          onError: () => {
            throw tooLarge();
          },
        });
    this.hono.on(spec.method.toUpperCase(), spec.path, limitBody, async (c) => {
      let user = c.get("user");
      if (user?.secondFactorDue && !spec.beforeSecondFactor) {
        // Not a staff session yet (ADR 117): no staff right and no member right; a guest's page stays a guest's page.
        if (spec.auth === "required" || spec.staff) throw fail.forbidden(SECOND_FACTOR_REFUSALS[user.secondFactorDue]);
        user = null;
        c.set("user", null);
      }
      if ((spec.auth === "required" || spec.staff) && !user) throw fail.unauthorized();
      if (spec.staff) await requireStaffPermission(c.get("deps"), user!.id, spec.staff);
      let query: unknown;
      let body: unknown;
      try {
        query = spec.query ? await parseOrThrowAsync(spec.query, queryObject(c)) : undefined;
        if (spec.body) {
          const raw = await readBody(c, spec.bodyFormat ?? "json");
          // valibot's object schemas take an array for an object with no keys: `[true]` would pass as `{}`
          // and reset every optional field to its default. A body of the wrong shape is a malformed body.
          if (Array.isArray(raw) && spec.body.type !== "array") throw new ApiError(400, [errorItem(400, "validation.malformed_body")]);
          body = await parseOrThrowAsync(spec.body, raw);
        }
      } catch (err) {
        throw withFields(err);
      }
      // A staff claim on the item (ADR 119): another holder's live claim refuses the decision, a decision releases it.
      const claimed = spec.claim && user ? parseRowId(c.req.param(spec.claim.param)) : null;
      const scope = spec.claim && claimed !== null ? claimScopeOf(spec.claim, (name) => c.req.param(name)) : null;
      if (scope && user && claimed !== null) await assertNotClaimedByOther(c.get("deps"), user.id, scope, claimed);
      const answer = await handler(c, { body: body as BodyOutput<O>, query: query as QueryOutput<O>, user });
      if (scope && claimed !== null && answer.status < 400) await releaseDecidedClaim(c.get("deps"), scope, claimed);
      return answer;
    });
  }
}

/** The back-office paths: every operation below one is a staff action or a staff read (ADR 116). */
export const BACKOFFICE_PATH = /\/backoffice(\/|$)/;

/**
 * Registered routes that break the staff rule, as readable problems (none: it holds): a back-office path without a
 * `staff` permission, or one that lets guests in. The API refuses to start with any (createApiApp).
 */
export function staffRouteProblems(routes: readonly RegisteredRoute[]): string[] {
  const problems: string[] = [];
  for (const { fullPath, spec } of routes) {
    if (!BACKOFFICE_PATH.test(fullPath)) continue;
    const route = `${spec.method.toUpperCase()} ${fullPath}`;
    if (!spec.staff) problems.push(`${route} declares no staff permission (RouteOptions.staff, contract/staff-permissions)`);
    if (spec.auth !== "required") problems.push(`${route} must require a token (auth: "required")`);
  }
  return problems;
}

function queryObject(c: Context<ApiEnv>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    out[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}

async function readBody(c: Context<ApiEnv>, format: "json" | "form"): Promise<unknown> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const isForm = type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data");
  // A form route (OAuth) fed JSON or anything else would otherwise read as an
  // empty form and fail with a misleading field error.
  if (format === "form" && !isForm) throw new ApiError(400, [errorItem(400, "validation.malformed_body")]);
  if (isForm) {
    // A broken multipart body makes parseBody throw: the client's fault, not ours.
    return await c.req.parseBody().catch(() => {
      throw new ApiError(400, [errorItem(400, "validation.malformed_body")]);
    });
  }
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, [errorItem(400, "validation.malformed_json")]);
  }
}

/** The success envelope: `{ code: 200, data, meta? }`. */
export function ok<T>(c: Context<ApiEnv>, data: T, options: { meta?: unknown; status?: 200 | 201 | 202 } = {}): Answer<T> {
  const body = options.meta === undefined ? { code: 200, data } : { code: 200, data, meta: options.meta };
  // With its length known, the host's compression leaves a small answer (a send, a resync) as it is (ADR 048: a
  // brotli stream per answer was ~10 % of an instance's CPU in the messenger benchmark).
  const json = JSON.stringify(body);
  // The in-process caller (a page's loader) reads the text from here, not back through the body stream.
  return withResponseText(jsonTextAnswer(c, json, options.status ?? 200), json);
}

/**
 * The success answer of a route with `envelope: false`: the declared body is the whole answer, without `{ code, data }`
 * (OAuth 2.0's token answer, RFC 6749 §5.1). Typed like `ok`, so the handler must answer the declared type.
 */
export function okWithoutEnvelope<T extends object>(c: Context<ApiEnv>, body: T): Answer<T> {
  return c.json(body) as Answer<T>;
}
