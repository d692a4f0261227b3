import * as v from "valibot";
import type { ErrorItem } from "../contract/errors";
import { ApiError } from "./errors";

/** Turns valibot issues into error items whose `source` names the field. */
export function issuesToErrorItems(issues: readonly v.BaseIssue<unknown>[]): ErrorItem[] {
  return issues.map((issue) => {
    const source = v.getDotPath(issue) ?? undefined;
    // Messages may carry placeholder values as a query string (see app/i18n/translate.ts).
    const [rawKey = "", query] = issue.message.split("?", 2);
    // Our schemas give translation keys; valibot's default English texts are never shown.
    const key = /^(validation|exception)\./.test(rawKey) ? rawKey : "validation.invalid";
    const inline = query ? Object.fromEntries(new URLSearchParams(query)) : undefined;
    const params = inline ?? (typeof issue.requirement === "number" ? { requirement: issue.requirement } : undefined);
    return { code: 400, title: key, message: key, key, ...(source ? { source } : {}), ...(params ? { params } : {}) };
  });
}

export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new ApiError(400, issuesToErrorItems(result.issues));
}

export async function parseOrThrowAsync<S extends v.GenericSchema | v.GenericSchemaAsync>(
  schema: S,
  input: unknown,
): Promise<v.InferOutput<S>> {
  const result = await v.safeParseAsync(schema, input);
  if (result.success) return result.output;
  throw new ApiError(400, issuesToErrorItems(result.issues));
}
