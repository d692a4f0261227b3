/**
 * Issue 25 item 6: what a profile settings page says after a save — "visible" unless a profile text of the page
 * waits for the team (ADR 030), then "review"; nothing without ?saved=1. Interview answers have their own page.
 */
import { describe, expect, it } from "vitest";
import { savedStateOf } from "~/features/settings/settings.server";

const saved = new URL("http://velora.test/de/user/status_description?saved=1");
const pending = (field: string) => ({ field, status: 0 });

describe("savedStateOf", () => {
  it("says nothing before a save", () => {
    expect(savedStateOf(new URL("http://velora.test/de/user/status_description"), ["profile"], [pending("description")])).toBeNull();
  });

  it("says visible when no text of the page waits, review when one does", () => {
    expect(savedStateOf(saved, ["profile"], [])).toBe("visible");
    expect(savedStateOf(saved, ["profile"], [pending("description")])).toBe("review");
    expect(savedStateOf(saved, ["business_description"], [pending("status")])).toBe("review");
  });

  it("does not count refused texts, interview answers, or pages without texts", () => {
    expect(savedStateOf(saved, ["profile"], [{ field: "description", status: 2 }])).toBe("visible");
    expect(savedStateOf(saved, ["profile"], [pending("interview:first_date")])).toBe("visible");
    expect(savedStateOf(saved, ["appearance"], [pending("description")])).toBe("visible");
  });
});
