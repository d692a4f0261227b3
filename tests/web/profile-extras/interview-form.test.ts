import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { INTERVIEW_ANSWER_MAX, interviewQuestionsFor } from "#server/contract/interviews";
import { USER_TYPE } from "#server/contract/users";
import { readReply } from "~/components/form/reply";
import { interviewFormSchema } from "~/features/profile-extras/interview-form";
import { parseForm } from "~/utils/forms.server";

/** The interview form's post, read as the action reads it (line breaks as the browser counted them). */
const post = (entries: Record<string, string>, questions: readonly string[]) =>
  parseForm(
    new Request("http://test.invalid/de/user/interviews", { method: "POST", body: new URLSearchParams(entries) }),
    interviewFormSchema(questions),
    { lineBreaks: true },
  );

describe("the interview form", () => {
  const questions = interviewQuestionsFor(USER_TYPE.escort);
  const [first, second] = questions;

  it("sends every question: answers trimmed, empty ones as null (removed)", async () => {
    const submission = await post({ [first!]: "  Ein Abend am See.  ", [second!]: "   " }, questions);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(Object.keys(submission.value.answers)).toEqual(questions);
    expect(submission.value.answers[first!]).toBe("Ein Abend am See.");
    expect(submission.value.answers[second!]).toBeNull();
  });

  it("counts a browser's CRLF as one character, like maxlength does", async () => {
    const text = `${"a".repeat(INTERVIEW_ANSWER_MAX - 10)}\r\n${"b".repeat(9)}`;
    const submission = await post({ [first!]: text }, questions);
    expect(submission.status === "success" && submission.value.answers[first!]).toHaveLength(INTERVIEW_ANSWER_MAX);
  });

  it("refuses too long and ProstSchG answers at their field and keeps what was sent; ignores fields of no question", async () => {
    const long = "c".repeat(INTERVIEW_ANSWER_MAX + 1);
    const submission = await post({ [first!]: long, [second!]: "Gern ohne Gummi", house_rules: "x" }, questions);
    expect(submission.status).toBe("error");
    const reply = readReply(submission.reply());
    expect(reply.fieldErrors[first!]).toEqual([`validation.steps.too_long?max=${INTERVIEW_ANSWER_MAX}`]);
    expect(reply.fieldErrors[second!]?.[0]).toMatch(/^validation\.prostschg\?term=/);
    expect(reply.input[first!]).toBe(long);
    expect(Object.keys(reply.fieldErrors)).not.toContain("house_rules");
    // The schema's output names no field outside the questions.
    expect(v.parse(interviewFormSchema(questions), { house_rules: "x" }).answers).not.toHaveProperty("house_rules");
  });
});
