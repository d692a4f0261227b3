/**
 * Display names and profile texts for demo people, assembled from phrase
 * fragments. German first (English for the few English-speaking profiles).
 * Tasteful by design: nothing explicit, safer sex as a matter of course, and
 * nothing that offers unprotected sex or targets pregnancy (DESIGN.md §8).
 */
import { BUSINESS_DESCRIPTION_MIN, DESCRIPTION_MAX, STATUS_TEXT_MAX } from "../../contract/profiles";
import { GENDER } from "../../contract/users";
import type { SeedCity } from "./cities";
import type { Random } from "./random";

export type SeedKind = "client" | "escort" | "agency" | "club";
export type TextLanguage = "de" | "en";

const FEMALE_NAMES = [
  "Lena",
  "Mia",
  "Sophie",
  "Emilia",
  "Hannah",
  "Lea",
  "Marie",
  "Anna",
  "Lina",
  "Clara",
  "Laura",
  "Julia",
  "Nina",
  "Sarah",
  "Vanessa",
  "Jasmin",
  "Melina",
  "Elena",
  "Valentina",
  "Bianca",
  "Natalie",
  "Chiara",
  "Isabel",
  "Luisa",
  "Larissa",
  "Mila",
  "Leonie",
  "Amelie",
  "Carla",
  "Helena",
  "Alina",
  "Jana",
  "Svenja",
  "Katharina",
  "Sofia",
  "Aurora",
  "Giulia",
  "Zoe",
  "Nele",
  "Tamara",
  "Daria",
  "Olivia",
  "Ronja",
  "Paula",
  "Greta",
  "Selina",
  "Yasmin",
  "Ewa",
  "Kasia",
  "Marta",
  "Lucía",
  "Carmen",
  "Inés",
  "Ana",
  "Bella",
  "Stella",
] as const;
const MALE_NAMES = [
  "Max",
  "Leon",
  "Paul",
  "Jonas",
  "Felix",
  "Lukas",
  "Noah",
  "Elias",
  "Ben",
  "David",
  "Tom",
  "Nico",
  "Julian",
  "Moritz",
  "Alexander",
  "Fabian",
  "Simon",
  "Jan",
  "Tim",
  "Philipp",
  "Marco",
  "Adrian",
  "Rafael",
  "Daniel",
  "Erik",
  "Oliver",
  "Sebastian",
  "Matteo",
  "Leo",
  "Henrik",
  "Karim",
  "Mateusz",
  "Diego",
] as const;
const TRANS_NAMES = [
  "Alex",
  "Kim",
  "Robin",
  "Sascha",
  "Chris",
  "Jamie",
  "Luca",
  "Nova",
  "Sky",
  "Charlie",
  "Toni",
  "Mika",
  "Sam",
  "Noa",
  "Ari",
  "Jules",
  "Vivi",
  "Dana",
] as const;
const NAME_EPITHETS = ["Rose", "Luna", "Amour", "Noir", "Belle", "Sunshine", "Velvet", "Stern", "Perle", "Engel"] as const;

const CLIENT_HANDLES = [
  "Genießer",
  "Gentleman",
  "Nachtschwärmer",
  "Weltenbummler",
  "Stadtwanderer",
  "Nordlicht",
  "Kulturfreund",
  "Charmeur",
  "Feierabend",
  "Reisender",
  "Jazzfan",
  "Frühaufsteher",
  "Bücherwurm",
  "Segler",
  "Gourmet",
] as const;

const AGENCY_CORES = [
  "Mondlicht",
  "Samt & Seide",
  "Elbnacht",
  "Sternstunde",
  "Isarperle",
  "Spreeglanz",
  "Nachtfalter",
  "Goldstück",
  "Rosengarten",
  "Lichtblick",
  "Velvet",
  "Diamond",
  "Belle Époque",
  "Grand Amour",
  "Rheingold",
  "Silhouette",
] as const;
const AGENCY_PATTERNS = ["Escortagentur {core}", "{core} Escort {city}", "Agentur {core}", "{core} Begleitservice"] as const;
const CLUB_CORES = [
  "Mondschein",
  "Oase",
  "Paradies",
  "Palais",
  "Velours",
  "Kristall",
  "Atlantis",
  "Séparée",
  "Roter Salon",
  "Elysée",
  "Olymp",
  "Bohème",
  "Lagune",
  "Casablanca",
] as const;
const CLUB_PATTERNS = ["Club {core}", "Saunaclub {core}", "Lounge {core}", "{core} Bar & Club", "Studio {core}"] as const;

const WEEKDAYS_DE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag"] as const;
const WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;
const JOBS_DE = [
  "Ingenieur",
  "Architekt",
  "Lehrer",
  "Unternehmer",
  "Arzt",
  "Projektmanager",
  "Koch",
  "Journalist",
  "Softwareentwickler",
  "Vertriebsleiter",
  "Steuerberater",
  "Pilot",
] as const;
const JOBS_EN = ["engineer", "architect", "teacher", "founder", "doctor", "project manager", "chef", "software developer"] as const;

type GenderGroup = "female" | "male" | "trans" | "couple";

export function genderGroup(gender: number): GenderGroup {
  if (gender === GENDER.female) return "female";
  if (gender === GENDER.male) return "male";
  if (gender === GENDER.trans) return "trans";
  return "couple";
}

function firstNameFor(rng: Random, gender: number): string {
  if (gender === GENDER.male) return rng.pick(MALE_NAMES);
  if (gender === GENDER.trans) return rng.pick(TRANS_NAMES);
  return rng.pick(FEMALE_NAMES);
}

/** The two partners of a couple, in the order the gender code names them. */
function coupleNames(rng: Random, gender: number): [string, string] {
  const female = () => rng.pick(FEMALE_NAMES);
  const male = () => rng.pick(MALE_NAMES);
  const trans = () => rng.pick(TRANS_NAMES);
  const distinct = (first: string, next: () => string): [string, string] => {
    let second = next();
    for (let i = 0; i < 5 && second === first; i++) second = next();
    return [first, second];
  };
  switch (gender) {
    case GENDER.female_female:
      return distinct(female(), female);
    case GENDER.couple_female_male:
      return [female(), male()];
    case GENDER.trans_female:
      return [trans(), female()];
    case GENDER.male_male:
      return distinct(male(), male);
    case GENDER.trans_male:
      return [trans(), male()];
    default:
      return distinct(trans(), trans);
  }
}

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in vars ? String(vars[key]) : match));
}

export interface SeedName {
  displayName: string;
  /** The name texts address ("Lena", "Mia & Tom", "Club Oase"). */
  callName: string;
}

export function nameFor(rng: Random, kind: SeedKind, gender: number, city: SeedCity): SeedName {
  switch (kind) {
    case "escort": {
      if (genderGroup(gender) === "couple") {
        const [a, b] = coupleNames(rng, gender);
        const name = `${a} & ${b}`;
        return { displayName: name, callName: name };
      }
      const first = firstNameFor(rng, gender);
      const displayName = rng.chance(0.3) ? `${first} ${rng.pick(NAME_EPITHETS)}` : first;
      return { displayName, callName: first };
    }
    case "client": {
      const first = genderGroup(gender) === "couple" ? coupleNames(rng, gender).join(" & ") : firstNameFor(rng, gender);
      const displayName = rng.weighted<string>([
        [`${rng.pick(CLIENT_HANDLES)}${rng.int(1, 99)}`, 4],
        [`${first}${city.name.split(" ")[0]}`, 3],
        [first, 3],
      ]);
      return { displayName, callName: first };
    }
    case "agency": {
      const name = fill(rng.pick(AGENCY_PATTERNS), { core: rng.pick(AGENCY_CORES), city: city.name.split(" ")[0] ?? city.name });
      return { displayName: name, callName: name };
    }
    case "club": {
      const name = fill(rng.pick(CLUB_PATTERNS), { core: rng.pick(CLUB_CORES) });
      return { displayName: name, callName: name };
    }
  }
}

const TRANSLITERATION: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss", é: "e", è: "e", í: "i", á: "a", ó: "o" };

/** The ASCII base of a username: "Lena Rose" → "lena_rose", "Mia & Tom" → "mia_tom". */
export function usernameBase(displayName: string, maxLength = 18): string {
  const ascii = displayName
    .toLowerCase()
    .replace(/[äöüßéèíáó]/g, (ch) => TRANSLITERATION[ch] ?? "")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return (ascii.slice(0, maxLength).replace(/_+$/, "") || "user").toString();
}

// ---------------------------------------------------------------------------
// Status texts (max STATUS_TEXT_MAX characters).

const STATUS = {
  de: {
    escort: [
      "Heute Abend in {city} – ich freue mich auf deine Nachricht.",
      "Neu in {city}! Lass uns bei einem Glas Wein kennenlernen.",
      "Diese Woche in {district} erreichbar, Termine gern mit etwas Vorlauf.",
      "Zurück aus dem Urlaub – ab {weekday} wieder für dich da.",
      "Diskret, herzlich und stilvoll: dein Date für besondere Stunden.",
      "Kurzfristige Termine heute bis 23 Uhr möglich.",
      "Ich beantworte Nachrichten meist innerhalb einer Stunde.",
      "Auch als Reisebegleitung, etwa nach {otherCity} – schreib mir rechtzeitig.",
      "Dinner, Theater oder ein Spaziergang durch {district}? Ich bin dabei.",
    ],
    couple: [
      "Wir sind diese Woche gemeinsam in {city} – meldet euch gern.",
      "Als Paar begleiten wir dich auch nach {otherCity}; Termine in {city} ab {weekday}.",
      "Zu zweit ist es schöner: Termine in {district} nach Absprache.",
    ],
    client: [
      "Neu hier und neugierig auf nette Kontakte in {city}.",
      "Beruflich oft in {otherCity} unterwegs.",
      "Respektvoll, pünktlich, diskret – so kennt man mich.",
      "Freue mich über Tipps für schöne Abende in {city}.",
    ],
    agency: [
      "Heute {n} Begleiterinnen im Einsatz – Vermittlung von 12 bis 2 Uhr.",
      "Neu im Team! Jetzt unsere neuen Profile entdecken.",
      "Diskrete Vermittlung in {city} und Umgebung.",
      "Auch kurzfristig: Buchungen für heute Abend noch möglich.",
    ],
    club: [
      "Heute geöffnet von 12 bis 4 Uhr – Motto-Abend ab 20 Uhr.",
      "Unsere neue Sauna-Landschaft ist eröffnet!",
      "Freitag: Live-DJ an der Bar, Eintritt bis 18 Uhr ermäßigt.",
      "Mitten in {district}, Parkplätze direkt vor dem Haus.",
    ],
  },
  en: {
    escort: [
      "In {city} tonight – looking forward to your message.",
      "New in {city}! Let's meet over a glass of wine.",
      "Available in {district} this week, please book a little in advance.",
      "Back from holiday and available again from {weekday}.",
      "Also a travel companion, for example to {otherCity} – write to me early.",
    ],
    couple: [
      "We are in {city} together this week – say hello.",
      "As a couple we also travel with you to {otherCity}; dates in {city} from {weekday}.",
    ],
    client: ["New here and curious to meet nice people in {city}.", "Often in {otherCity} for work.", "Respectful, punctual, discreet."],
    agency: ["Discreet introductions in {city} and nearby."],
    club: ["Open today from noon to 4 am."],
  },
} as const;

// ---------------------------------------------------------------------------
// Descriptions (max DESCRIPTION_MAX characters): an intro, sentences about the
// person, how meetings work, their values, a closing line.

interface DescriptionBank {
  intro: readonly string[];
  about: readonly string[];
  meeting: readonly string[];
  values: readonly string[];
  closing: readonly string[];
}

const ESCORT_DE: DescriptionBank = {
  intro: [
    "Hallo, ich bin {name} – {age} Jahre jung und in {city} zu Hause.",
    "Schön, dass du mein Profil gefunden hast! Ich heiße {name} und lebe seit einigen Jahren in {city}.",
    "Willkommen auf meiner Seite. Ich bin {name}, {age}, und liebe Begegnungen mit Stil.",
    "Ich bin {name}, {age}, und wohne mitten in {district}.",
  ],
  about: [
    "Ich bin offen, humorvoll und habe ein Faible für gute Gespräche.",
    "Meine Freunde beschreiben mich als warmherzig, neugierig und ein bisschen verspielt.",
    "Tagsüber studiere ich, abends genieße ich das Leben in vollen Zügen.",
    "Ich liebe Reisen, Jazz und lange Abende in kleinen Weinbars.",
    "Sport gehört für mich zum Alltag – Yoga am Morgen, Tanzen am Abend.",
    "Ich spreche Deutsch und Englisch, dazu ein wenig Französisch.",
    "Kunst, Kino und gutes Essen – darüber kann ich stundenlang reden.",
    "Ich mag Menschen mit Humor, die zuhören können und wissen, was sie wollen.",
    "Mein Stil ist elegant und natürlich, im Kleid ebenso wie in Jeans.",
    "Wenn ich nicht arbeite, findest du mich im Museum oder auf dem Wochenmarkt.",
  ],
  meeting: [
    "Ich empfange dich in meinem gemütlichen Apartment in {district} oder besuche dich im Hotel.",
    "Gern begleite ich dich zum Dinner, ins Theater oder auf eine Geschäftsreise.",
    "Hotel- und Hausbesuche in {city} und Umgebung sind nach Absprache möglich.",
    "Für längere Dates nehme ich mir gern Zeit – ein entspanntes Abendessen ist der perfekte Einstieg.",
    "Auf Reisen, zum Beispiel nach {otherCity}, begleite ich dich gern; sprich mich einfach an.",
  ],
  values: [
    "Safer Sex ist für mich selbstverständlich.",
    "Respekt, Hygiene und Diskretion erwarte ich – und biete ich dir ebenso.",
    "Ich bin nach dem Prostituiertenschutzgesetz angemeldet.",
    "Bitte melde dich mit etwas Vorlauf, dann kann ich mich ganz auf dich einstellen.",
  ],
  closing: ["Ich freue mich auf deine Nachricht!", "Schreib mir gern über den Messenger – ich antworte zuverlässig.", "Bis bald – {name}."],
};

const COUPLE_DE: DescriptionBank = {
  intro: [
    "Wir sind {name} – ein eingespieltes Paar aus {city}.",
    "Hallo, wir sind {name}, {age} und {age2}, und gemeinsam in {city} unterwegs.",
  ],
  about: [
    "Wir lieben gutes Essen, Musik und Abende, die länger werden als geplant.",
    "Als Paar sind wir offen, herzlich und immer respektvoll.",
    "Wir reisen gern und sind oft am Wochenende in {otherCity}.",
    "Humor und Leichtigkeit sind uns wichtig – bei uns fühlt man sich schnell wohl.",
  ],
  meeting: [
    "Wir treffen dich in {city} im Hotel oder begleiten dich zu Veranstaltungen.",
    "Ein gemeinsames Abendessen ist für uns der schönste Auftakt.",
  ],
  values: [
    "Safer Sex ist für uns selbstverständlich.",
    "Diskretion und Respekt sind uns wichtig.",
    "Wir sind beide nach dem Prostituiertenschutzgesetz angemeldet.",
  ],
  closing: ["Wir freuen uns auf deine Nachricht!", "Bis bald – {name}."],
};

const CLIENT_DE: DescriptionBank = {
  intro: ["Ich bin {age}, arbeite als {job} und lebe in {city}.", "Hallo! {age} Jahre, {job}, zu Hause in {district}."],
  about: [
    "In meiner Freizeit gehe ich gern wandern, koche für Freunde und besuche Konzerte.",
    "Ich bin kein Freund von Hektik – ein gutes Date beginnt für mich mit einem Gespräch.",
    "Beruflich bin ich viel unterwegs und freue mich über entspannte Abende.",
    "Ich lese viel, mag Fußball und gutes Essen.",
  ],
  meeting: ["Gesucht: charmante Begleitung für Dinner und Kulturabende.", "Am liebsten treffe ich mich im Hotel oder zum Essen."],
  values: [
    "Ich schätze ehrliche Kommunikation, Pünktlichkeit und ein gepflegtes Auftreten.",
    "Bewertungen schreibe ich fair und ehrlich.",
    "Safer Sex ist für mich selbstverständlich.",
  ],
  closing: ["Freue mich auf nette Nachrichten.", "Bis bald!"],
};

const CLIENT_COUPLE_DE: DescriptionBank = {
  intro: ["Wir sind {name}, ein Paar aus {city}, {age} und {age2} Jahre alt.", "Hallo! Wir sind {name} und leben gemeinsam in {district}."],
  about: [
    "Wir sind neugierig, unkompliziert und lieben gemeinsame Abende.",
    "Wir reisen gern und gehen oft gut essen.",
    "Musik, Kino und Freunde – bei uns ist immer etwas los.",
  ],
  meeting: ["Wir suchen eine sympathische Begleitung für gemeinsame Abende – gern zuerst auf einen Drink."],
  values: ["Safer Sex ist für uns selbstverständlich.", "Diskretion und Respekt sind uns wichtig."],
  closing: ["Wir freuen uns auf eure Nachrichten."],
};

const AGENCY_DE: DescriptionBank = {
  intro: [
    "{name} vermittelt seit {year} stilvolle Begleitung in {city} und Umgebung.",
    "Willkommen bei {name}, Ihrer Agentur für niveauvolle Begleitung in {city}.",
  ],
  about: [
    "Unser Team besteht aus {n} sorgfältig ausgewählten Begleiterinnen und Begleitern zwischen 21 und 45 Jahren.",
    "Ob Dinner-Date, Reisebegleitung oder ein entspannter Abend im Hotel – wir beraten Sie gern.",
    "Viele unserer Damen sprechen neben Deutsch auch Englisch, Französisch oder Italienisch.",
    "Anfahrt innerhalb von {city} ist inklusive; Hotels im Umland nach Absprache.",
  ],
  meeting: [
    "Buchungen nehmen wir täglich von 12 bis 2 Uhr telefonisch oder über den Messenger entgegen.",
    "Für Reisebegleitungen bitten wir um mindestens 48 Stunden Vorlauf.",
  ],
  values: [
    "Alle Begleiterinnen und Begleiter sind volljährig und nach dem Prostituiertenschutzgesetz angemeldet.",
    "Diskretion ist für uns Ehrensache: Wir speichern nur, was für Ihre Buchung nötig ist.",
    "Safer Sex ist bei allen Buchungen selbstverständlich.",
  ],
  closing: ["Wir freuen uns auf Ihre Anfrage.", "Ihr Team von {name}."],
};

const CLUB_DE: DescriptionBank = {
  // Club names take der, die or das ("Lounge …", "Studio …"): phrasings that fit all three.
  intro: ["Willkommen bei {name} in {city}-{district}!", "{name} ist seit {year} eine feste Adresse in {city}."],
  about: [
    "Auf über {area} m² erwarten Sie Bar, Lounge, Sauna, Whirlpool und liebevoll eingerichtete Zimmer.",
    "Der Eintritt beinhaltet Bademantel, Handtücher, Softdrinks und ein kleines Buffet.",
    "Regelmäßige Motto-Abende und Live-DJs am Wochenende sorgen für Abwechslung.",
    "Parkplätze sind direkt vor dem Haus vorhanden; die nächste Haltestelle ist zwei Gehminuten entfernt.",
  ],
  meeting: ["Täglich geöffnet von 12 bis 4 Uhr, an Feiertagen ab 14 Uhr.", "Zutritt ab 18 Jahren, bitte bringen Sie einen Ausweis mit."],
  values: [
    "Alle Damen arbeiten selbstständig und sind nach dem Prostituiertenschutzgesetz angemeldet.",
    "Safer Sex ist in unserem Haus Pflicht.",
    "Hygiene und ein respektvoller Umgang haben bei uns oberste Priorität.",
  ],
  closing: ["Wir freuen uns auf Ihren Besuch!", "Ihr Team von {name}."],
};

const ESCORT_EN: DescriptionBank = {
  intro: [
    "Hi, I'm {name} – {age} years young and living in {city}.",
    "Welcome to my profile! I'm {name}, {age}, and I love stylish encounters.",
  ],
  about: [
    "I'm open-minded, funny and love a good conversation.",
    "I love travelling, jazz and long evenings in small wine bars.",
    "I speak English and German, and a little Spanish.",
    "Art, cinema and good food – I can talk about them for hours.",
  ],
  meeting: [
    "I can welcome you in my cosy flat in {district} or visit you at your hotel.",
    "I'm happy to join you for dinner, the theatre or a business trip.",
  ],
  values: [
    "Safer sex is a matter of course for me.",
    "Respect, hygiene and discretion matter to me.",
    "I am registered under the German Prostitute Protection Act.",
  ],
  closing: ["Looking forward to your message!", "See you soon – {name}."],
};

const COUPLE_EN: DescriptionBank = {
  intro: ["We are {name}, a close couple from {city}."],
  about: ["We love good food, music and evenings that last longer than planned.", "As a couple we are open, warm and always respectful."],
  meeting: ["We meet at hotels in {city} or join you at events."],
  values: ["Safer sex is a matter of course for us.", "Discretion matters to us."],
  closing: ["Looking forward to your message!"],
};

const CLIENT_EN: DescriptionBank = {
  intro: ["I'm {age}, work as a {job} and live in {city}."],
  about: ["In my free time I hike, cook for friends and go to concerts.", "I travel a lot for work and enjoy relaxed evenings."],
  meeting: ["Looking for charming company for dinner and cultural evenings."],
  values: ["I value honest communication, punctuality and good manners.", "Safer sex is a matter of course for me."],
  closing: ["Looking forward to nice messages."],
};

function bankFor(kind: SeedKind, group: GenderGroup, language: TextLanguage): DescriptionBank {
  if (kind === "agency") return AGENCY_DE;
  if (kind === "club") return CLUB_DE;
  if (kind === "client" && group === "couple") return CLIENT_COUPLE_DE;
  if (kind === "client") return language === "en" ? CLIENT_EN : CLIENT_DE;
  if (group === "couple") return language === "en" ? COUPLE_EN : COUPLE_DE;
  return language === "en" ? ESCORT_EN : ESCORT_DE;
}

export interface TextContext {
  kind: SeedKind;
  gender: number;
  language: TextLanguage;
  name: SeedName;
  age: number;
  city: SeedCity;
  /** Another city for trips (no seeded text claims a tour: tours are rows, the tours part's). */
  otherCity: SeedCity;
  /** The current year, for "since {year}". */
  year: number;
}

function varsFor(rng: Random, ctx: TextContext): Record<string, string | number> {
  const en = ctx.language === "en";
  return {
    name: ctx.name.callName,
    age: ctx.age,
    age2: Math.max(18, ctx.age + rng.int(-4, 6)),
    city: ctx.city.name,
    district: rng.pick(ctx.city.districts),
    otherCity: ctx.otherCity.name,
    weekday: rng.pick(en ? WEEKDAYS_EN : WEEKDAYS_DE),
    job: rng.pick(en ? JOBS_EN : JOBS_DE),
    year: ctx.year - rng.int(2, 18),
    n: rng.int(6, 40),
    area: rng.pick([400, 600, 800, 1200, 1500]),
  };
}

export function statusTextFor(rng: Random, ctx: TextContext): string {
  const set = STATUS[ctx.language];
  const group = genderGroup(ctx.gender);
  const templates = (ctx.kind === "escort" || ctx.kind === "client") && group === "couple" ? set.couple : set[ctx.kind];
  return clampText(fill(rng.pick(templates), varsFor(rng, ctx)), STATUS_TEXT_MAX);
}

/**
 * A description of roughly targetLength characters (never above
 * DESCRIPTION_MAX; businesses at least BUSINESS_DESCRIPTION_MIN).
 */
export function descriptionFor(rng: Random, ctx: TextContext, targetLength: number): string {
  const bank = bankFor(ctx.kind, genderGroup(ctx.gender), ctx.language);
  const vars = varsFor(rng, ctx);
  const about = rng.shuffle(bank.about);
  const first = [rng.pick(bank.intro), ...about.splice(0, 2)];
  const second = [...rng.sample(bank.meeting, rng.int(1, bank.meeting.length))];
  const third = [...rng.sample(bank.values, rng.int(1, bank.values.length)), rng.pick(bank.closing)];
  const length = () => [first, second, third].reduce((sum, p) => sum + p.join(" ").length + 2, 0);
  // Longer texts take the remaining "about" sentences, in their shuffled order.
  while (length() < targetLength && about.length > 0) first.push(about.shift() as string);
  const text = [first, second, third].map((p) => fill(p.join(" "), vars)).join("\n\n");
  const clamped = clampText(text, DESCRIPTION_MAX);
  if ((ctx.kind === "agency" || ctx.kind === "club") && clamped.length < BUSINESS_DESCRIPTION_MIN) {
    throw new Error(`business description below ${BUSINESS_DESCRIPTION_MIN} characters`);
  }
  return clamped;
}

/** Cuts at the last sentence end that fits (texts stay readable). */
function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
  return end > 0 ? cut.slice(0, end + 1) : cut;
}
