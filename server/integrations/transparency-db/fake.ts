/**
 * The fake Transparency Database (ADR 110): the statement endpoint as the HTTP adapter meets it, for tests and the
 * demo. It checks the body's shape against the vocabulary we submit, keeps one entry per puid (a second POST of a
 * puid answers 422 with the existing uuid, as the real database does) and can be told to fail: answer 500, or keep
 * the statement but answer only after a delay (a timeout at the caller whose work was done).
 */
import { randomUUID } from "node:crypto";
import type { TdbStatement } from "./port";

const REQUIRED = [
  "puid",
  "decision_ground",
  "category",
  "content_type",
  "application_date",
  "decision_facts",
  "source_type",
  "automated_detection",
  "automated_decision",
] as const;
const DECISIONS = ["decision_visibility", "decision_account", "decision_monetary", "decision_provision"] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface FakeTransparencyDb {
  /** Answers one POST of the statement endpoint. */
  handle(request: Request): Promise<Response>;
  /** The entries it keeps, by puid. */
  readonly entries: Map<string, { uuid: string; statement: TdbStatement }>;
  /** Every POST it received (a retry counts again). */
  readonly received: number;
  /** The next `count` requests answer 500 without keeping anything. */
  failNext(count: number): void;
  /** The next request is kept, but answered only after `ms` (the caller's timeout fires first). */
  delayNext(ms: number): void;
}

/** What is wrong with a body, or null: the fields we rely on, as the database documents them (ADR 110). */
export function tdbShapeProblems(body: Record<string, unknown>, token: string | null, expectedToken: string): string[] {
  const problems: string[] = [];
  if (token !== `Bearer ${expectedToken}`) problems.push("authorization");
  for (const field of REQUIRED) if (body[field] === undefined || body[field] === "") problems.push(field);
  if (!DECISIONS.some((field) => body[field] !== undefined)) problems.push("decision_visibility");
  if (typeof body.application_date === "string" && !DATE.test(body.application_date)) problems.push("application_date");
  if (!Array.isArray(body.content_type) || body.content_type.length === 0) problems.push("content_type");
  if (body.decision_ground === "DECISION_GROUND_ILLEGAL_CONTENT" && !body.illegal_content_legal_ground)
    problems.push("illegal_content_legal_ground");
  if (body.decision_ground === "DECISION_GROUND_INCOMPATIBLE_CONTENT" && !body.incompatible_content_ground)
    problems.push("incompatible_content_ground");
  return problems;
}

export function fakeTransparencyDb(token: string): FakeTransparencyDb {
  const entries = new Map<string, { uuid: string; statement: TdbStatement }>();
  let received = 0;
  let failures = 0;
  let delayMs = 0;
  return {
    entries,
    get received() {
      return received;
    },
    failNext(count) {
      failures = count;
    },
    delayNext(ms) {
      delayMs = ms;
    },
    async handle(request) {
      received += 1;
      if (failures > 0) {
        failures -= 1;
        return Response.json({ message: "Server Error" }, { status: 500 });
      }
      const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
      if (!body || typeof body !== "object") return Response.json({ message: "invalid JSON" }, { status: 400 });
      const problems = tdbShapeProblems(body, request.headers.get("authorization"), token);
      if (problems.includes("authorization")) return Response.json({ message: "Unauthenticated." }, { status: 401 });
      if (problems.length > 0) {
        return Response.json(
          { message: "The given data was invalid.", errors: Object.fromEntries(problems.map((p) => [p, ["invalid"]])) },
          { status: 422 },
        );
      }
      const puid = String(body.puid);
      const known = entries.get(puid);
      if (known) {
        return Response.json(
          {
            message: "The identifier given is not unique within this platform.",
            errors: { puid: ["not unique"] },
            existing: { puid, uuid: known.uuid },
          },
          { status: 422 },
        );
      }
      const uuid = randomUUID();
      entries.set(puid, { uuid, statement: body as unknown as TdbStatement });
      const wait = delayMs;
      delayMs = 0;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return Response.json({ ...body, uuid, created_at: new Date().toISOString() }, { status: 201 });
    },
  };
}
