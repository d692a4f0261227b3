/**
 * One form dialect (issue 24 item 3, ADR 063): an action under app/features or app/routes reads its post only
 * through the form kit (parseForm with a valibot schema), never a field by hand. The rule runs through ESLint's Node
 * API with the project's own eslint.config.js on sources that exist only in memory.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });
const KIT_MESSAGE = /^Read a form post through the form kit/;

/** The messages of the form-kit rule that fire on `code` as if it were the file at `filePath`, with their lines. */
async function kitFindings(filePath: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => KIT_MESSAGE.test(message.message)).map((message) => message.line);
}

const ACTION = "app/features/scratch/scratch.server.ts";
const ROUTE = "app/routes/$lang.scratch.tsx";
const READER = 'import { readFormData } from "~/utils/form-data.server";\n';

describe("no form field read by hand outside the form kit (issue 24 item 3)", () => {
  it.each([
    ["importing the raw reader", ACTION, `${READER}export { readFormData };`, [1]],
    [
      "the raw reader under another name",
      ACTION,
      'import { readFormData as read } from "~/utils/form-data.server";\nexport { read };',
      [1],
    ],
    [
      "the raw reader in a route",
      ROUTE,
      `${READER}export const action = ({ request }: { request: Request }) => readFormData(request);`,
      [1, 2],
    ],
    [
      "the raw reader through a namespace",
      ACTION,
      'import * as forms from "~/utils/form-data.server";\nexport const read = (r: Request) => forms.readFormData(r);',
      [2],
    ],
    ["a field of the post", ACTION, 'export const intentOf = (form: FormData) => form.get("intent");', [1, 1]],
    [
      "a list field",
      ACTION,
      'declare const formData: { getAll(name: string): unknown[] };\nexport const kinds = formData.getAll("kinds");',
      [2],
    ],
    ["whether a field was sent", ACTION, 'declare const form: { has(name: string): boolean };\nexport const sent = form.has("body");', [2]],
    [
      "every field",
      ACTION,
      "declare const form: Iterable<[string, unknown]> & { entries(): Iterable<[string, unknown]> };\nexport const all = [...form.entries()];",
      [2],
    ],
    ["a computed read", ACTION, 'declare const fd: { get(name: string): unknown };\nexport const value = fd["get"]("x");', [2]],
    ["the post as an object", ACTION, "declare const form: Iterable<[string, string]>;\nexport const all = Object.fromEntries(form);", [2]],
    [
      "a helper that takes the post, whatever its name",
      ACTION,
      "export function linkOf(post: FormData): number {\n  return post ? 1 : 0;\n}",
      [1],
    ],
  ] as Array<[string, string, string, number[]]>)("fires on %s", async (_, filePath, code, lines) => {
    expect(await kitFindings(filePath, code)).toEqual(lines);
  });

  it("lets an action parse its post through the kit and read the address, headers and cookies", async () => {
    const code = [
      'import * as v from "valibot";',
      'import { parseForm } from "~/utils/forms.server";',
      "export async function action({ request }: { request: Request }) {",
      "  const submission = await parseForm(request, v.object({ intent: v.string() }));",
      '  const page = new URL(request.url).searchParams.get("page");',
      '  return [submission.status, page, request.headers.get("content-type")];',
      "}",
    ].join("\n");
    expect(await kitFindings(ACTION, code)).toEqual([]);
    expect(await kitFindings(ROUTE, code)).toEqual([]);
  });

  it("lets the kit's own files read the post", async () => {
    const code = `${READER}export async function read(request: Request) {\n  const formData: FormData = await readFormData(request);\n  return formData.get("intent");\n}`;
    expect(await kitFindings("app/utils/forms.server.ts", code)).toEqual([]);
  });
});
