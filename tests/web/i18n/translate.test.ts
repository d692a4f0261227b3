/**
 * Message display rules (spec section 8; issue 2 item 8): messages starting
 * with validation./exception. or containing a dot are translated; a missing
 * key containing a space shows as its text; plain text shows as it is.
 * Uses a real i18next instance on the product's locale files.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { i18nConfig } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { isTranslationKey, splitMessageKey, translateMessage } from "~/i18n/translate";

let de: I18n;
let en: I18n;

async function instance(lng: string): Promise<I18n> {
  const i18n = createInstance();
  await i18n.init({ ...i18nConfig, lng, resources });
  return i18n;
}

beforeAll(async () => {
  de = await instance("de");
  en = await instance("en");
  // A key with spaces in its last segment, as legacy back ends send them.
  de.addResource("de", "common", "exception.legacy.No data found", "Keine Daten gefunden");
});

describe("isTranslationKey", () => {
  it.each([
    ["validation.required", true],
    ["exception.common.something_wrong_happened", true],
    ["exception.legacy.No data found", true],
    ["login.meta_title", true],
    ["Server is down. Try later.", true],
    ["Invalid credentials", false],
    ["E_NO_INTERNET", false],
    ["", false],
  ])("%j → %s", (message, expected) => {
    expect(isTranslationKey(message)).toBe(expected);
  });
});

describe("translateMessage", () => {
  it("translates validation. and exception. keys in the reader's language", () => {
    expect(translateMessage(de.t, "validation.required")).toBe("Bitte fülle dieses Feld aus.");
    expect(translateMessage(de.t, "exception.common.something_wrong_happened")).toBe(
      "Da ist etwas schiefgelaufen. Bitte versuche es noch einmal.",
    );
    expect(translateMessage(en.t, "exception.common.something_wrong_happened")).toBe("Something went wrong. Please try again.");
  });

  it("translates any other key containing a dot", () => {
    expect(translateMessage(en.t, "login.meta_title")).toBe(en.t("login.meta_title"));
    expect(translateMessage(en.t, "login.meta_title")).not.toBe("login.meta_title");
  });

  it("fills placeholders from params and from a key's query string", () => {
    expect(translateMessage(de.t, "validation.password.too_short", { requirement: 10 })).toBe(
      "Das Passwort muss mindestens 10 Zeichen lang sein.",
    );
    expect(translateMessage(de.t, "validation.password.too_short?requirement=8")).toBe("Das Passwort muss mindestens 8 Zeichen lang sein.");
    expect(splitMessageKey("validation.password.too_long?requirement=128")).toEqual({
      key: "validation.password.too_long",
      params: { requirement: "128" },
    });
  });

  it("names the file an error is about (params.file): which of several photos was refused", () => {
    expect(translateMessage(de.t, "validation.image.too_small?min=200&file=Urlaub%201.jpg")).toBe(
      "„Urlaub 1.jpg“: Das hochgeladene Bild ist zu klein (mindestens 200 Pixel breit).",
    );
    expect(translateMessage(en.t, "validation.image.file_too_small", { min: 50_000, file: "tiny.png" })).toBe(
      "“tiny.png”: The file is too small (at least 50,000 bytes).",
    );
    expect(translateMessage(de.t, "validation.image.too_small?min=200")).toBe(
      "Das hochgeladene Bild ist zu klein (mindestens 200 Pixel breit).",
    );
  });

  it("falls back to the generic message for a missing key without spaces", () => {
    expect(translateMessage(de.t, "exception.nobody.knows_this")).toBe("Da ist etwas schiefgelaufen. Bitte versuche es noch einmal.");
    expect(translateMessage(de.t, "validation.nobody.knows_this")).toBe("Bitte überprüfe diese Eingabe.");
    expect(translateMessage(en.t, "some.unknown_key")).toBe("Something went wrong. Please try again.");
  });

  it("translates a key containing a space when it exists, and shows it as its text when it does not", () => {
    expect(translateMessage(de.t, "exception.legacy.No data found")).toBe("Keine Daten gefunden");
    expect(translateMessage(de.t, "exception.legacy.No data found for berlin")).toBe("exception.legacy.No data found for berlin");
    expect(translateMessage(de.t, "Server is down. Try again later.")).toBe("Server is down. Try again later.");
    // A sentence with a question mark is not split into key and params.
    expect(translateMessage(de.t, "Still there? Reload.")).toBe("Still there? Reload.");
  });

  it("shows plain text as it is, without asking i18next", () => {
    const t = vi.fn(de.t);
    expect(translateMessage(t as unknown as typeof de.t, "Invalid credentials")).toBe("Invalid credentials");
    expect(translateMessage(t as unknown as typeof de.t, "E_NO_INTERNET")).toBe("E_NO_INTERNET");
    expect(t).not.toHaveBeenCalled();
  });
});

describe("calendar days in a message's params", () => {
  it("shows a suspension's end (YYYY-MM-DD) as the reader's language writes a day", () => {
    const params = { until: "2026-12-31" };
    expect(translateMessage(de.t, "exception.transparency.account_suspended", params, "de")).toBe(
      "Dein Konto ist bis 31. Dez. 2026 gesperrt. Die Begründung haben wir dir geschickt.",
    );
    expect(translateMessage(en.t, "exception.transparency.account_suspended", params, "en")).toContain("Dec 31, 2026");
    expect(translateMessage(en.t, "exception.transparency.account_suspended", params, "en")).not.toContain("2026-12-31");
  });
});
