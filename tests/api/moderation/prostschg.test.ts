/** The ProstSchG §32 word filter (ADR 030): whole words, folded, in four languages; and the forms refuse at the field. */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { findProstSchGTerm, prostSchGMessage, PROSTSCHG_TERMS } from "#server/contract/prostschg";
import { businessDescriptionStepSchema, extraSchema, profileStepFields } from "#server/contract/registration-steps";

describe("findProstSchGTerm", () => {
  const positives: Array<[string, string]> = [
    ["Bei mir gibt es AO für Genießer", "AO"],
    ["service: a.o. möglich", "AO"],
    ["A O nur nach Absprache", "AO"],
    ["a-o gegen Aufpreis", "AO"],
    ["4O auf Wunsch", "AO"],
    ["Sex ohne Gummi", "ohne Gummi"],
    ["Sex ohne Gummie", "ohne Gummie"],
    ["Französisch pur bis zum Schluss", "französisch pur"],
    ["FP gegen Aufpreis", "FP"],
    ["AO kein Problem", "AO"],
    ["blank und tabulos", "blank"],
    ["OHNE   GUMMI!!!", "ohne Gummi"],
    ["0hne Gumm1", "ohne Gummi"],
    ["ohnegummi", "ohne Gummi"],
    ["ohne-gummmmi", "ohne Gummi"],
    ["O H N E G U M M I", "ohne Gummi"],
    ["Alles natur, Baby", "natur"],
    ["NATUR", "natur"],
    ["n a t u r", "natur"],
    ["Ich bin schwanger", "schwanger"],
    ["Schwangere Frau sucht", "schwangere"],
    ["tabulos ohne alles", "tabulos ohne"],
    ["blank ficken", "blank"],
    ["Verkehr ohne Schutz", "ohne Schutz"],
    ["GV ohne, gerne", "GV ohne"],
    ["FN? Nein: Französisch natur", "natur"],
    ["ungeschützter? nein: ungeschützt", "ungeschützt"],
    ["französisch ohne", "französisch ohne"],
    ["FO inklusive", "FO"],
    ["bareback is my thing", "bareback"],
    ["BBFS available", "BBFS"],
    ["no condom needed", "no condom"],
    ["without a condom", "without a condom"],
    ["I am pregnant", "pregnant"],
    ["unprotected fun", "unprotected"],
    ["sin condón", "sin condón"],
    ["sin condon, cariño", "sin condón"],
    ["francés natural", "francés natural"],
    ["estoy embarazada", "embarazada"],
    ["todo a pelo", "a pelo"],
    ["seks bez gumki", "bez gumki"],
    ["bez prezerwatywy", "bez prezerwatywy"],
    ["jestem w ciąży", "w ciąży"],
    ["na zywca", "na żywca"],
  ];
  it.each(positives)("refuses %j (%s)", (text, phrase) => {
    expect(findProstSchGTerm(text)).toBe(phrase);
  });

  const negatives = [
    // A negation right before the phrase says the opposite; "blank rasiert" is shaved.
    "Kein AO, niemals!",
    "Nur mit Gummi, niemals ohne Gummi!",
    "nie ohne Kondom",
    "never bareback, safety first",
    "nunca sin condón",
    "nigdy bez gumki",
    "Intimbereich blank rasiert",
    "Spaziergänge im Naturpark und Wandern",
    "Ich liebe die Natur, Wandern in der Natur und Naturkosmetik",
    "Mutter Natur",
    "Urlaub in Kanada",
    "natürlich diskret",
    "Blankenese ist mein Stadtteil",
    "Ohne Eile, mit viel Zeit",
    "Safer Sex ist selbstverständlich, nur mit Gummi",
    "a o czym chcesz porozmawiać?",
    "ir a o venir",
    "Aonia in Thailand",
    "Gaols and aorta",
    "Mit Schutz, immer.",
    "Schwangerschaftsvertretung im Büro? nein: Bürokauffrau",
    "natural beauty, blonde",
    "belleza natural",
    "Pregnancy test? No: I love presents",
    "Ich bin Studentin, 25, aus Köln",
    "",
  ];
  it.each(negatives)("lets %j pass", (text) => {
    expect(findProstSchGTerm(text)).toBeNull();
  });

  it("has phrases in all four languages, and each phrase refuses itself", () => {
    expect(new Set(PROSTSCHG_TERMS.map((t) => t.language))).toEqual(new Set(["de", "en", "es", "pl"]));
    for (const term of PROSTSCHG_TERMS) expect(findProstSchGTerm(`xx ${term.phrase} yy`), term.phrase).not.toBeNull();
  });

  it("names the phrase in the message key", () => {
    expect(prostSchGMessage("ohne Gummi")).toBe("validation.prostschg?term=ohne+Gummi");
  });
});

describe("profile forms refuse such texts at their field", () => {
  const messages = (result: v.SafeParseResult<v.GenericSchema>) =>
    (result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]);

  it("the profile step: status, description, profession and interests", () => {
    const result = v.safeParse(profileStepFields, {
      relationship_status: 1,
      city: "Berlin",
      status: "Heute AO",
      description: "Treffen im Naturpark",
      profession: "Model",
      interests: "bareback",
    });
    const found = messages(result).filter(([, m]) => String(m).startsWith("validation.prostschg"));
    expect(found).toEqual([
      ["status", "validation.prostschg?term=AO"],
      ["interests", "validation.prostschg?term=bareback"],
    ]);
  });

  it("the business description and an extra's name", () => {
    const business = v.safeParse(businessDescriptionStepSchema, {
      description: `${"Club am Stadtpark. ".repeat(8)} Gerne ohne Gummi.`,
      status: "",
    });
    expect(messages(business)).toEqual([["description", "validation.prostschg?term=ohne+Gummi"]]);
    expect(messages(v.safeParse(extraSchema, { name: "AO", price: 50 }))).toEqual([["name", "validation.prostschg?term=AO"]]);
    expect(v.safeParse(extraSchema, { name: "Massage", price: 50 }).success).toBe(true);
  });
});
