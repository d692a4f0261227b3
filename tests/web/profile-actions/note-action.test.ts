import { describe, expect, it } from "vitest";
import { NOTE_MAX_LENGTH } from "#server/contract/notes";
import type { ApiClient } from "~/api/client.server";
import type { Viewer } from "~/api/viewer.server";
import { NOTE_ACTIONS } from "~/features/profile-actions/note.server";
import { normalizeLineBreaks } from "~/utils/line-breaks";

describe("normalizeLineBreaks", () => {
  it("turns CRLF and a lone CR into LF", () => {
    expect(normalizeLineBreaks("a\r\nb\rc\nd")).toBe("a\nb\nc\nd");
  });
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
    const form = new FormData();
    form.set("text", text);
    const outcome = await NOTE_ACTIONS.note_save!({ api, viewer: {} as Viewer, lang: "de", username: "anna", form });
    expect(outcome).toEqual({ done: "note_saved" });
    // What the API gets has no CR left (the schema may trim the last line break).
    expect(sent).toHaveLength(1);
    expect((sent[0] as { text: string }).text).not.toContain("\r");
    expect((sent[0] as { text: string }).text.startsWith(line + "\n" + line + "\n")).toBe(true);
  });
});
