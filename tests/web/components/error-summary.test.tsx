/**
 * The error summary of a refused post (issue 25 item 5, ADR 071): which lines an action's answer gives, that each
 * field's line links to the anchor its error line holds, and the count's wording in every language.
 */
import type { SubmissionResult } from "@conform-to/react";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { ErrorLine } from "~/components/form/ErrorLine";
import { ErrorSummaryList, summaryLines } from "~/components/form/ErrorSummary";
import { isRefusal } from "~/components/form/ErrorSummarySlot";
import { readLocale } from "../../helpers/translation-keys";

const refused: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { text: "Schön", intent: "review" },
  error: {
    punctuality: ["validation.reviews.punctuality_required"],
    text: ["validation.too_short?min=20", "validation.other"],
    "": ["validation.correct_all_fields", "exception.dates.window_closed"],
  },
};

describe("summaryLines", () => {
  it("gives each field's first error, then the form's own, without 'correct the marked fields' beside fields", () => {
    expect(summaryLines({ lastResult: refused })).toEqual([
      { field: "punctuality", message: "validation.reviews.punctuality_required", count: 1 },
      { field: "text", message: "validation.too_short?min=20", count: 1 },
      { field: null, message: "exception.dates.window_closed", count: 1 },
    ]);
  });

  it("gives fields with the same message one line, to the first of them, with their number", () => {
    const lines = summaryLines({
      lastResult: {
        status: "error",
        error: { "ratings.a": ["validation.reviews.rating"], "ratings.b": ["validation.reviews.rating"], text: ["validation.x"] },
      },
    });
    expect(lines).toEqual([
      { field: "ratings.a", message: "validation.reviews.rating", count: 2 },
      { field: "text", message: "validation.x", count: 1 },
    ]);
    const html = renderToStaticMarkup(<ErrorSummaryList lines={lines} />);
    expect([...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])).toEqual(["error-ratings.a", "error-text"]);
  });

  it("keeps a form's only error, and gives nothing for an answer that is no refusal", () => {
    expect(summaryLines({ lastResult: { status: "error", error: { "": ["validation.correct_all_fields"] } } })).toEqual([
      { field: null, message: "validation.correct_all_fields", count: 1 },
    ]);
    expect(summaryLines({ lastResult: { status: "success", initialValue: {} } })).toEqual([]);
    expect(summaryLines({ done: "saved" })).toEqual([]);
    expect(summaryLines(null)).toEqual([]);
    expect(summaryLines({ lastResult: "nonsense" })).toEqual([]);
  });

  it("is loaded by the layout exactly for the answers it has lines for (ADR 167: its code comes with a refusal)", () => {
    const answers: unknown[] = [
      { lastResult: refused },
      { lastResult: { status: "error", error: { "": ["validation.correct_all_fields"] } } },
      { lastResult: { status: "error", error: { text: null, "": [] } } },
      { lastResult: { status: "error", error: { text: ["validation.x"] } } },
      { lastResult: { status: "success", initialValue: {} } },
      { lastResult: "nonsense" },
      { lastResult: null },
      { done: "saved" },
      null,
      "text",
    ];
    for (const answer of answers) expect(isRefusal(answer), JSON.stringify(answer)).toBe(summaryLines(answer).length > 0);
  });

  it("links every field's line to the anchor its error line holds while it shows an error", () => {
    const summary = renderToStaticMarkup(<ErrorSummaryList lines={summaryLines({ lastResult: refused })} />);
    const hrefs = [...summary.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(["error-punctuality", "error-text"]);
    const lines = renderToStaticMarkup(
      <>
        <ErrorLine name="punctuality" message="Bitte wähle, wie pünktlich…" />
        <ErrorLine name="text" message="Zu kurz" />
        <ErrorLine name="other" />
      </>,
    );
    const ids = new Set([...lines.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    for (const href of hrefs) expect(ids).toContain(href);
    // An empty error line holds no anchor: a link never lands on a field without an error.
    expect(ids).not.toContain("error-other");
  });

  it("gives a group's one error line the anchors of all its fields", () => {
    const html = renderToStaticMarkup(<ErrorLine name="birth_date" alsoFor={["birth_day", "birth_month"]} message="Fehlt" />);
    expect([...html.matchAll(/\sid="(error-[^"]+)"/g)].map((m) => m[1])).toEqual([
      "error-birth_date",
      "error-birth_day",
      "error-birth_month",
    ]);
  });

  it("renders nothing without lines", () => {
    expect(renderToStaticMarkup(<ErrorSummaryList lines={[]} />)).toBe("");
  });
});

describe("the summary's count in four languages", () => {
  const expected: Record<string, Record<number, string>> = {
    de: { 1: "Bitte prüfe 1 Angabe", 2: "Bitte prüfe 2 Angaben", 5: "Bitte prüfe 5 Angaben" },
    en: { 1: "Please check 1 entry", 2: "Please check 2 entries", 5: "Please check 5 entries" },
    es: { 1: "Revisa 1 dato", 2: "Revisa 2 datos", 5: "Revisa 5 datos" },
    pl: { 1: "Sprawdź 1 pole", 2: "Sprawdź 2 pola", 5: "Sprawdź 5 pól", 12: "Sprawdź 12 pól", 22: "Sprawdź 22 pola" },
  };
  for (const lng of SUPPORTED_LANGUAGES) {
    it(`${lng}: the plural forms of the language`, async () => {
      const i18n = createInstance();
      await i18n.init({ lng, resources: { [lng]: { common: readLocale(lng, "common") } }, defaultNS: "common" });
      for (const [count, text] of Object.entries(expected[lng]!)) expect(i18n.t("form_summary.title", { count: Number(count) })).toBe(text);
    });
  }
});
