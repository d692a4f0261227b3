/**
 * ASCII slugs for place names. German-style transliteration first (ä → ae,
 * ö → oe, ü → ue, ß → ss: "München" → "muenchen", as German URLs spell it),
 * then every other diacritic stripped (ł → l, ñ → n), anything else a hyphen.
 */
const TRANSLITERATION: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  Ä: "ae",
  Ö: "oe",
  Ü: "ue",
  æ: "ae",
  Æ: "ae",
  ø: "o",
  Ø: "o",
  å: "a",
  Å: "a",
  ł: "l",
  Ł: "l",
  đ: "d",
  Đ: "d",
  þ: "th",
  œ: "oe",
  Œ: "oe",
  ı: "i",
};

function fold(text: string, transliterate: boolean): string {
  let out = "";
  for (const ch of text) {
    const mapped = TRANSLITERATION[ch];
    if (mapped !== undefined && (transliterate || !"äöüÄÖÜ".includes(ch))) out += mapped;
    else out += ch;
  }
  return out
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/** "Frankfurt am Main" → "frankfurt-am-main"; "Düsseldorf" → "duesseldorf". */
export function slugify(name: string): string {
  return fold(name, true);
}

/** The same without ä → ae ("Düsseldorf" → "dusseldorf"), for typed queries without umlauts. */
export function nameKey(name: string): string {
  return fold(name, false);
}

/** The smallest string above every string that starts with `prefix` (byte order). */
export function prefixUpperBound(prefix: string): string {
  return prefix + "\u007f";
}
