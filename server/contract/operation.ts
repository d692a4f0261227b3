/**
 * One API operation, written once (issue 24, ADR 062): its method, its full path with `:name` for each path
 * parameter, the valibot schemas of its body and query, and the name of its success body (contract/responses.ts).
 * The API registers its handler under the descriptor (`v2.add(op, { summary, auth, … }, handler)`, the handler typed
 * by it), the OpenAPI document is built from the registered descriptors, and the web tier calls it by the same
 * descriptor (`api.op(op, { params, query, body })`) and gets the declared body's type back. So a path, a body's
 * shape or a response's name is never written a second time by hand.
 *
 * The descriptors of a group are in contract/operations/<group>.ts, apart from the group's schemas: a descriptor
 * names its response through contract/responses.ts, which imports every group's types, so a descriptor beside the
 * schemas would close an import loop. A newer feature's bodies join ResponseBodies from its own contract file by
 * declaration merging (ADR 067); its operations file imports that file, so the names are known wherever it is.
 */
import type * as v from "valibot";
import type { ResponseBodies, ResponseName } from "./responses";

export type OperationMethod = "get" | "post" | "put" | "patch" | "delete";
export type OperationSchema = v.GenericSchema | v.GenericSchemaAsync;

export interface Operation {
  readonly method: OperationMethod;
  /** The full path (`/api/v2/…`, `/oauth/v2/…`), `:name` for each path parameter. */
  readonly path: `/${string}`;
  /** The request body's schema: the API validates with it; the web tier's body is typed by its input. */
  readonly body?: OperationSchema;
  /** The query string's schema (its keys name what a caller may send). */
  readonly query?: OperationSchema;
  /** The success body's declared type, by its name in contract/responses.ts; none for a file. */
  readonly response?: ResponseName;
  /**
   * false: the declared body is the whole answer, not `{ code, data }` — for a protocol that fixes its own shape
   * (OAuth 2.0's token answer, RFC 6749 §5.1). The OpenAPI document and the tests' body check follow it.
   */
  readonly envelope?: false;
  /** /oauth/v2 takes form-encoded bodies (RFC 6749); everything else JSON. */
  readonly bodyFormat?: "json" | "form";
  /**
   * false: the web tier reads the body with the API's snake_case keys, because some keys are data (filter names,
   * trait keys, notification kinds), which camelizing would rename. Default: camelized (`Camelize<T>`).
   */
  readonly camelize?: false;
}

/** A descriptor, its literal types kept (the path, the schemas, the response's name). */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}

/** What the handler receives after validation (undefined where the descriptor has no schema). */
export type BodyOutput<O> = O extends { readonly body: infer S extends OperationSchema } ? v.InferOutput<S> : undefined;
export type QueryOutput<O> = O extends { readonly query: infer S extends OperationSchema } ? v.InferOutput<S> : undefined;

/** What a caller sends as the body: the schema's input (the API validates it again, as it must); never without one. */
export type BodyInput<O> = O extends { readonly body: infer S extends OperationSchema } ? v.InferInput<S> : never;

/**
 * A form's values as a page relays them for the API to judge (its field errors go back to the form): the body's
 * keys, each value as the form gave it. Only for forms the page does not parse itself; the keys stay the descriptor's.
 */
export type FormValues<O> = { [K in keyof BodyInput<O>]?: unknown };

/** A query string value as a caller may give it (arrays repeat the key; null and undefined are left out). */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/**
 * What a caller sends as the query: the schema's keys, each a plain value (a query string carries text, so the
 * schema's input types — strings it converts — would ask callers to stringify numbers first).
 */
export type QueryInput<O> = O extends { readonly query: infer S extends OperationSchema }
  ? { [K in keyof v.InferInput<S>]?: QueryValue }
  : never;

/** The declared success body of an operation; unknown for one that declares none (a file). */
export type ResponseOf<O> = O extends { readonly response: infer N extends ResponseName } ? ResponseBodies[N] : unknown;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters an operation's path names, each by its `:name`. */
export type PathParams<O extends Operation> = { [K in ParamNames<O["path"]>]: string | number };

/** The operation's path with its parameters filled in, each encoded as one path segment (callers type them by PathParams). */
export function pathOf(operation: Operation, params: Readonly<Record<string, string | number>>): string {
  return operation.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    // A missing parameter is a programming error, not a request to send: it must not become "undefined".
    if (value === undefined) throw new Error(`${operation.method} ${operation.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
