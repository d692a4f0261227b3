/**
 * A field bound to a form of the kit's useForm describes its input by what the page really shows: the hint and the error
 * line, under the id the input has (also when the page gives its own id, as two forms on one page do).
 */
import type { SubmissionResult } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormCheckboxField, FormField } from "~/components/Field";
import { useForm } from "~/components/form/use-form";

function Probe({ lastResult, id }: { lastResult?: SubmissionResult<string[]>; id?: string }) {
  const [form, fields] = useForm({ id: "probe", lastResult });
  return (
    <form id={form.id}>
      <FormField field={fields.current_password} type="password" label="Password" hint="At least 8 characters" id={id} />
      <FormCheckboxField field={fields.terms} label="Terms" />
    </form>
  );
}

const failed: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { current_password: "" },
  error: { current_password: ["validation.required"], terms: ["validation.required"] },
};

function describedIds(html: string, name: string): { ids: string[]; invalid: boolean } {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
  const ids = /aria-describedby="([^"]*)"/.exec(input)?.[1]?.split(" ") ?? [];
  return { ids, invalid: /aria-invalid="true"/.test(input) };
}

function idsInMarkup(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
}

describe("FormField and FormCheckboxField", () => {
  it("point aria-describedby at the hint and the error line they render, with conform's ids", () => {
    const html = renderToStaticMarkup(<Probe lastResult={failed} />);
    const present = idsInMarkup(html);
    const password = describedIds(html, "current_password");
    expect(password.invalid).toBe(true);
    expect(password.ids).toHaveLength(2); // the error line and the hint
    for (const id of password.ids) expect(present.has(id), id).toBe(true);
    const terms = describedIds(html, "terms");
    expect(terms.invalid).toBe(true);
    expect(terms.ids.length).toBeGreaterThan(0);
    for (const id of terms.ids) expect(present.has(id), id).toBe(true);
  });

  it("keep the hint described on a valid field and point at the page's own id when it gives one", () => {
    const clean = renderToStaticMarkup(<Probe />);
    const hintOnly = describedIds(clean, "current_password");
    expect(hintOnly.invalid).toBe(false);
    expect(hintOnly.ids).toHaveLength(1);
    expect(idsInMarkup(clean).has(hintOnly.ids[0]!)).toBe(true);

    const own = renderToStaticMarkup(<Probe lastResult={failed} id="email-current-password" />);
    const withOwnId = describedIds(own, "current_password");
    expect(withOwnId.ids).toContain("email-current-password-error");
    for (const id of withOwnId.ids) expect(idsInMarkup(own).has(id), id).toBe(true);
  });
});
