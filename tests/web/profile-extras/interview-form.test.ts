import { describe, expect, it } from "vitest";
import { INTERVIEW_ANSWER_MAX, interviewQuestionsFor } from "#server/contract/interviews";
import { USER_TYPE } from "#server/contract/users";
import { readInterviewForm } from "~/features/profile-extras/interview-form";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

describe("the interview form", () => {
  const questions = interviewQuestionsFor(USER_TYPE.escort);
  const [first, second] = questions;

  it("sends every question: answers trimmed, empty ones as null (removed)", () => {
    const result = readInterviewForm(form({ [first!]: "  Ein Abend am See.  ", [second!]: "   " }), questions);
    expect(result.fieldErrors).toEqual({});
    expect(Object.keys(result.answers)).toEqual(questions);
    expect(result.answers[first!]).toBe("Ein Abend am See.");
    expect(result.answers[second!]).toBeNull();
  });

  it("counts a browser's CRLF as one character, like maxlength does", () => {
    const text = `${"a".repeat(INTERVIEW_ANSWER_MAX - 10)}\r\n${"b".repeat(9)}`;
    const result = readInterviewForm(form({ [first!]: text }), questions);
    expect(result.fieldErrors).toEqual({});
    expect(result.answers[first!]).toHaveLength(INTERVIEW_ANSWER_MAX);
  });

  it("refuses too long and ProstSchG answers at their field and keeps what was sent; ignores fields of no question", () => {
    const long = "c".repeat(INTERVIEW_ANSWER_MAX + 1);
    const result = readInterviewForm(form({ [first!]: long, [second!]: "Gern ohne Gummi", house_rules: "x" }), questions);
    expect(result.fieldErrors[first!]).toEqual([`validation.steps.too_long?max=${INTERVIEW_ANSWER_MAX}`]);
    expect(result.fieldErrors[second!]?.[0]).toMatch(/^validation\.prostschg\?term=/);
    expect(result.input[first!]).toBe(long);
    expect(result.answers).not.toHaveProperty("house_rules");
  });
});
