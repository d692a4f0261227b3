import { describe, expect, it } from "vitest";
import { NOTE_MAX_LENGTH } from "#server/contract/notes";
import type { ApiClient } from "~/api/client.server";
import type { Viewer } from "~/api/viewer.server";
import { parseProfileAction } from "~/features/profile-actions/actions.server";
import { NOTE_ACTIONS } from "~/features/profile-actions/note.server";
import { readReply } from "~/components/form/reply";
import { normalizeLineBreaks } from "~/utils/line-breaks";

describe("normalizeLineBreaks", () => {
  it("turns CRLF and a lone CR into LF", () => {
    expect(normalizeLineBreaks("a\r\nb\rc\nd")).toBe("a\nb\nc\nd");
  });
});

/** A post of the note form, as a browser without JavaScript sends it. */
const notePost = (text: string) =>
  new Request("http://test.invalid/de/p/anna", {
    method: "POST",
    body: new URLSearchParams({ intent: "note_save", tab: "", text }),
  });

describe("note_save without JavaScript", () => {
  it("counts a line break as one character, as the browser's maxlength does", async () => {
    const sent: unknown[] = [];
    const api = {
      op: async (_operation: unknown, input: { body?: unknown }) => {
        sent.push(input.body);
        return { ok: true, status: 200, data: {} };
      },
    } as unknown as ApiClient;
    // 1000 characters as the browser counts them, 10 line breaks sent as CRLF (1010 in the form data).
    const line = "x".repeat(NOTE_MAX_LENGTH / 10 - 1);
    const text = Array.from({ length: 10 }, () => line).join("\r\n") + "\r\n";
    expect(text.replace(/\r\n/g, "\n")).toHaveLength(NOTE_MAX_LENGTH);
    const submission = await parseProfileAction(notePost(text));
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const { intent: _intent, tab: _tab, ...value } = submission.value;
    const outcome = await NOTE_ACTIONS.note_save!.run({ api, viewer: {} as Viewer, lang: "de", username: "anna" }, value);
    expect(outcome).toEqual({ done: "note_saved" });
    // What the API gets has no CR left (the schema may trim the last line break).
    expect(sent).toHaveLength(1);
    expect((sent[0] as { text: string }).text).not.toContain("\r");
    expect((sent[0] as { text: string }).text.startsWith(line + "\n" + line + "\n")).toBe(true);
  });

  it("refuses a note over the limit at its field, with the text kept (the contract's rule, before any API call)", async () => {
    const long = "y".repeat(NOTE_MAX_LENGTH + 1);
    const submission = await parseProfileAction(notePost(long));
    expect(submission.status).toBe("error");
    const reply = readReply(submission.reply());
    expect(reply.intent).toBe("note_save");
    expect(reply.fieldErrors.text?.[0]).toMatch(/^validation\.notes\.too_long/);
    expect(reply.input.text).toBe(long);
  });
});
