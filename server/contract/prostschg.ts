/**
 * ProstSchG §32 (DESIGN §8): advertising sex without a condom, or sex with pregnant women, is forbidden.
 * Profile texts that do are refused at their field (ADR 030). The one word list and matcher, shared by the
 * forms (an error before the round trip) and the API (the rule that counts).
 *
 * Matching is on whole words after folding, so "Naturpark", "natürlich" or "Blankenese" pass while
 * "NATUR", "A.O.", "a-o", "0hne Gumm1", "o h n e  g u m m i" and "ohnegummi" do not:
 * - lower case, accents dropped (ü→u, ß→ss, ą→a, ł→l, ñ→n), leet digits read as letters (0→o, 1→i, 3→e,
 *   4→a, 5→s, 7→t, @→a, $→s), l and i read alike (1 stands for both), repeated letters once (gummmi);
 * - letters spelled out one by one are joined when punctuation separates them ("A.O.", "A-O") or when
 *   they are capitals ("A O"), not lowercase single words ("a o tym" is Polish for "and about that").
 */

/** Each entry: the words of one forbidden phrase (what the error names) and its language. */
export const PROSTSCHG_TERMS: ReadonlyArray<{ phrase: string; language: "de" | "en" | "es" | "pl" }> = [
  // German: the scene's abbreviations and plain words.
  ...[
    "AO",
    "alles ohne",
    "ohne Gummi",
    "ohne Gummis",
    "ohne Gummie",
    "französisch pur",
    "FP",
    "ohne Kondom",
    "ohne Schutz",
    "ohne Verhütung",
    "ungeschützt",
    "ungeschützten",
    "natur",
    "natursex",
    "blank",
    "tabulos ohne",
    "FO",
    "französisch ohne",
    "GV ohne",
    "Verkehr ohne",
    "schwanger",
    "schwangere",
    "schwangeren",
    "schwängern",
    "Schwangerschaftssex",
  ].map((phrase) => ({ phrase, language: "de" as const })),
  // English.
  ...[
    "bareback",
    "BBFS",
    "BBBJ",
    "no condom",
    "without condom",
    "without a condom",
    "without protection",
    "unprotected",
    "pregnant",
    "impregnate",
    "impregnation",
    "breeding",
  ].map((phrase) => ({ phrase, language: "en" as const })),
  // Spanish.
  ...[
    "sin condón",
    "sin preservativo",
    "sin protección",
    "a pelo",
    "francés natural",
    "griego natural",
    "embarazada",
    "embarazadas",
    "embarazar",
  ].map((phrase) => ({ phrase, language: "es" as const })),
  // Polish.
  ...["bez gumki", "bez gumy", "bez prezerwatywy", "bez kondomu", "bez zabezpieczenia", "na żywca", "w ciąży", "ciężarna", "ciężarne"].map(
    (phrase) => ({ phrase, language: "pl" as const }),
  ),
];

const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s" };

/** One character folded: accents off, leet read as letters, l read as i. */
function foldChar(ch: string): string {
  const lower = ch.toLowerCase();
  const leet = LEET[lower];
  if (leet) return leet;
  if (lower === "ß") return "ss";
  if (lower === "ł") return "i";
  const plain = lower.normalize("NFKD").replace(/\p{M}/gu, "");
  return plain === "l" ? "i" : plain;
}

/** Repeated letters once ("gummmi" → "gumi"), for the text and the phrases alike. */
function collapse(word: string): string {
  return word.replace(/(.)\1+/gu, "$1");
}

interface Token {
  text: string;
  /** A single letter written in capitals (part of a spelled-out abbreviation like "A O"). */
  capitalSingle: boolean;
  /** What separated it from the token before: only whitespace, or punctuation too. */
  afterPunctuation: boolean;
}

const WORD_CHAR = /[\p{L}\p{N}@$]/u;

function tokens(text: string): string[] {
  const out: Token[] = [];
  let word = "";
  let raw = "";
  let gap = "";
  const flush = () => {
    if (word !== "") {
      out.push({
        text: collapse(word),
        capitalSingle: raw.length === 1 && raw !== raw.toLowerCase(),
        afterPunctuation: /[^\s]/u.test(gap),
      });
    }
    word = "";
    raw = "";
  };
  for (const ch of text) {
    if (WORD_CHAR.test(ch)) {
      // `gap` still holds what stood between the previous word and this one.
      word += foldChar(ch);
      raw += ch;
    } else {
      if (word !== "") {
        flush();
        gap = "";
      }
      gap += ch;
    }
  }
  flush();
  // Rejoin letters spelled out one by one ("A.O.", "A O", "n a t u r"): a run of single letters is one word
  // when it has three or more, or when punctuation or capitals join its two ("a o" stays Polish).
  const joined: string[] = [];
  let run: Token[] = [];
  const endRun = () => {
    const tied = run.length >= 3 || run.slice(1).every((t) => t.afterPunctuation || (t.capitalSingle && run[0]!.capitalSingle));
    if (run.length > 1 && tied) joined.push(collapse(run.map((t) => t.text).join("")));
    else joined.push(...run.map((t) => t.text));
    run = [];
  };
  for (const token of out) {
    if (token.text.length === 1) run.push(token);
    else {
      endRun();
      joined.push(token.text);
    }
  }
  endRun();
  return joined;
}

/**
 * Words after which a phrase means something harmless: "die Natur", "in der Natur", "zur Natur" is the
 * countryside, while the scene writes "alles natur", "GV natur", "natur möglich".
 */
const HARMLESS_AFTER: Readonly<Record<string, readonly string[]>> = {
  natur: ["die", "der", "zur", "freie", "freien", "schone", "schonen", "mutter"],
};

/**
 * A phrase right after a negation says the opposite of an offer: "kein AO", "niemals ohne Gummi",
 * "never bareback", "nunca sin condón", "nigdy bez gumki" (Polish "nie" is "not").
 */
const NEGATIONS = new Set(
  ["kein", "keine", "keinen", "nicht", "nie", "niemals", "no", "not", "never", "nunca", "jamas", "nigdy", "zero"].flatMap((word) =>
    tokens(word),
  ),
);

/** Words after a phrase that make it harmless: "blank rasiert" is shaved, not unprotected. */
const HARMLESS_BEFORE: Readonly<Record<string, readonly string[]>> = {
  blank: ["rasiert", "rasierte", "rasiertes", "rasiere", "gewachst", "shaved", "geputzt", "poliert"],
};

/** The folded words of a phrase, and all of them written as one word ("ohnegummi"). */
const TERM_WORDS = PROSTSCHG_TERMS.map((term) => ({
  phrase: term.phrase,
  words: tokens(term.phrase),
  harmlessAfter: new Set((HARMLESS_AFTER[term.phrase] ?? []).flatMap((word) => tokens(word))),
  harmlessBefore: new Set((HARMLESS_BEFORE[term.phrase] ?? []).flatMap((word) => tokens(word))),
}));

/**
 * The first forbidden phrase in `text` (as the list writes it), or null. Whole words only: a phrase
 * matches consecutive words, or one word that is the phrase's words run together.
 */
export function findProstSchGTerm(text: string): string | null {
  const words = tokens(text);
  if (words.length === 0) return null;
  for (const term of TERM_WORDS) {
    const solid = collapse(term.words.join(""));
    for (let i = 0; i < words.length; i++) {
      if (i > 0 && (term.harmlessAfter.has(words[i - 1]!) || NEGATIONS.has(words[i - 1]!))) continue;
      const length =
        words[i] === solid ? 1 : term.words.length > 1 && term.words.every((w, k) => words[i + k] === w) ? term.words.length : 0;
      if (length === 0) continue;
      if (term.harmlessBefore.has(words[i + length] ?? "")) continue;
      return term.phrase;
    }
  }
  return null;
}

/** The field error of a refused text: a translation key carrying the phrase ("validation.prostschg?term=…"). */
export function prostSchGMessage(term: string): string {
  return `validation.prostschg?${new URLSearchParams({ term }).toString()}`;
}
