/**
 * One tracker event checked by hand (ADR 146): exactly the rules of `activityEventSchema` (contract/activity.ts), which
 * stays the documented shape and the reference tests/api/activity/tracker-parse.test.ts compares this with. Valibot's
 * pipeline per line was the endpoint's largest share of its own work; these are a handful of typeof checks.
 */
import { ACTIVITY_KINDS, type ActivityEvent } from "../../contract/activity";

/** The schema's `label`: a string of at most 120 UTF-16 code units (valibot's maxLength). */
const LABEL_MAX = 120;
/** The schema's largest `object` (a PostgreSQL integer). */
const OBJECT_MAX = 2_147_483_647;
const KINDS: ReadonlySet<unknown> = new Set(ACTIVITY_KINDS);

const isLabel = (value: unknown): value is string => typeof value === "string" && value.length <= LABEL_MAX;
const optionalLabel = (value: unknown) => value === undefined || isLabel(value);
const isInteger = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/** The event when `value` (one parsed JSON line) passes the schema, else null. Unknown keys are dropped, as valibot does. */
export function parseActivityEvent(value: unknown): ActivityEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const input = value as Record<string, unknown>;
  const { actor, object, target, title, provider, generator, published, id } = input;
  if (!isInteger(object) || object < 1 || object > OBJECT_MAX) return null;
  if (!optionalLabel(target)) return null;
  if (!KINDS.has(title)) return null;
  if (!optionalLabel(provider) || !optionalLabel(generator)) return null;
  if (!isInteger(published) || published < 0) return null;
  if (!isLabel(id)) return null;
  const event: ActivityEvent = { object, title: title as ActivityEvent["title"], published, id };
  if ("actor" in input) event.actor = actor;
  if (target !== undefined) event.target = target;
  if (provider !== undefined) event.provider = provider;
  if (generator !== undefined) event.generator = generator;
  return event;
}
