/**
 * The form kit (issue 24 item 3, ADR 063): parseForm reads a post the one way every action does, formVariant picks a
 * page's form by its intent (keeping the contract's cross-field checks and conform's coercion), and readReply gives
 * a page the reply's intent, input and errors.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { createTourSchema, TOUR_ERRORS } from "#server/contract/tours";
import { readReply } from "~/components/form/reply";
import { intentVariant, rowIdField, UNKNOWN_FORM_KEY } from "~/components/form/schema";
import { isBotSubmission, parseForm, replyWithApiErrors } from "~/utils/forms.server";

function post(entries: Array<[string, string]>): Request {
  return new Request("http://test.invalid/de/x", { method: "POST", body: new URLSearchParams(entries) });
}

const schema = intentVariant({
  create: createTourSchema,
  cancel: v.object({ tour_id: rowIdField(TOUR_ERRORS.notFound) }),
  count: v.object({ amount: v.pipe(v.number("validation.invalid"), v.integer("validation.invalid")) }),
});

describe("parseForm with intentVariant", () => {
  it("parses the chosen form and tags its output with the intent", async () => {
    const submission = await parseForm(
      post([
        ["intent", "cancel"],
        ["tour_id", "12"],
      ]),
      schema,
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toEqual({ intent: "cancel", tour_id: 12 });
  });

  it("keeps conform's coercion inside the chosen form (a number field)", async () => {
    const submission = await parseForm(
      post([
        ["intent", "count"],
        ["amount", "7"],
      ]),
      schema,
    );
    expect(submission.status === "success" && submission.value).toEqual({ intent: "count", amount: 7 });
  });

  it("keeps the contract's cross-field check (a pipe) at its field, and the input", async () => {
    const submission = await parseForm(
      post([
        ["intent", "create"],
        ["city", "Rostock"],
        ["date_from", "2030-05-10"],
        ["date_to", "2030-05-09"],
      ]),
      schema,
    );
    expect(submission.status).toBe("error");
    const reply = readReply(submission.reply());
    expect(reply.intent).toBe("create");
    expect(reply.fieldErrors).toEqual({ date_to: [TOUR_ERRORS.toBeforeFrom] });
    expect(reply.input.city).toBe("Rostock");
  });

  it.each([
    ["no intent", [["tour_id", "1"]]],
    ["an unknown intent", [["intent", "explode"]]],
    ["an inherited property's name", [["intent", "constructor"]]],
  ] as Array<[string, Array<[string, string]>]>)("refuses %s at the intent field", async (_, entries) => {
    const submission = await parseForm(post(entries), schema);
    expect(submission.status).toBe("error");
    expect(readReply(submission.reply()).fieldErrors).toEqual({ intent: [UNKNOWN_FORM_KEY] });
  });

  it("refuses a row id that names no row with the feature's message", async () => {
    for (const raw of ["0", "-1", "1e3", "99999999999", ""]) {
      const submission = await parseForm(
        post([
          ["intent", "cancel"],
          ["tour_id", raw],
        ]),
        schema,
      );
      expect(readReply(submission.reply()).fieldErrors).toEqual({ tour_id: [TOUR_ERRORS.notFound] });
    }
  });

  it("answers a body that is not a form with 415, never a 500", async () => {
    const request = new Request("http://test.invalid/de/x", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    await expect(parseForm(request, schema)).rejects.toMatchObject({ status: 415 });
  });
});

describe("parseForm's reading of empty fields", () => {
  it('takes an empty optional text as its default (the contract\'s v.optional(text, "")), sent empty or not sent', async () => {
    const schema = v.object({ message: v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(5, "too_long")), "") });
    for (const entries of [[["message", ""]], []] as Array<Array<[string, string]>>) {
      const submission = await parseForm(post(entries), schema);
      expect(submission.status === "success" && submission.value).toEqual({ message: "" });
    }
  });

  it("refuses an empty required field with the field's own message, and reads an empty number as absent", async () => {
    const schema = v.object({ name: v.string("validation.required"), age: v.optional(v.number("validation.invalid")) });
    const submission = await parseForm(
      post([
        ["name", ""],
        ["age", ""],
      ]),
      schema,
    );
    expect(readReply(submission.reply()).fieldErrors).toEqual({ name: ["validation.required"] });
    const filled = await parseForm(
      post([
        ["name", "Anna"],
        ["age", ""],
      ]),
      schema,
    );
    expect(filled.status === "success" && filled.value).toEqual({ name: "Anna" });
  });

  it("reports a field not sent at all (an unchosen radio) with the field's message, not the form's", async () => {
    const schema = v.object({ punctuality: v.picklist(["on_time", "late"], "choose_punctuality") }, "validation.required");
    const submission = await parseForm(post([]), schema);
    expect(readReply(submission.reply()).fieldErrors).toEqual({ punctuality: ["choose_punctuality"] });
  });
});

describe("parseForm's preparation", () => {
  const text = v.object({ text: v.pipe(v.string(), v.maxLength(3, "too_long")) });

  it("counts a browser's CRLF as one character when asked to (textareas stored as typed)", async () => {
    expect((await parseForm(post([["text", "a\r\nb"]]), text)).status).toBe("error");
    const submission = await parseForm(post([["text", "a\r\nb"]]), text, { lineBreaks: true });
    expect(submission.status === "success" && submission.value).toEqual({ text: "a\nb" });
  });

  it("reads decimal commas and drops blank rows of a list", async () => {
    const rows = v.object({
      size: v.number(),
      extras: v.array(v.object({ name: v.string(), price: v.optional(v.number()) })),
    });
    const submission = await parseForm(
      post([
        ["size", "17,5"],
        ["extras[0].name", ""],
        ["extras[0].price", ""],
        ["extras[1].name", "Massage"],
        ["extras[1].price", "50"],
      ]),
      rows,
      { decimalComma: ["size"], blankRows: [{ list: "extras", fields: ["name", "price"] }] },
    );
    expect(submission.status === "success" && submission.value).toEqual({ size: 17.5, extras: [{ name: "Massage", price: 50 }] });
  });
});

describe("the rest of the kit", () => {
  it("finds the honeypot in any submission", async () => {
    const empty = v.object({});
    expect(isBotSubmission(await parseForm(post([["website_url", "http://spam.example"]]), empty))).toBe(true);
    expect(isBotSubmission(await parseForm(post([["website_url", ""]]), empty))).toBe(false);
  });

  it("maps API errors to fields and says something for a failure without items", async () => {
    const submission = await parseForm(
      post([
        ["intent", "cancel"],
        ["tour_id", "3"],
      ]),
      schema,
    );
    const item = { code: 404, title: TOUR_ERRORS.notFound, message: TOUR_ERRORS.notFound, key: TOUR_ERRORS.notFound };
    expect(readReply(replyWithApiErrors(submission, [item])).formErrors).toEqual([TOUR_ERRORS.notFound]);
    expect(readReply(replyWithApiErrors(submission, [])).formErrors).toEqual(["exception.common.something_wrong_happened"]);
  });
});
