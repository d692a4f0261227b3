import { interviewQuestionsFor } from "../../contract/interviews";
import { DATE_KINDS } from "../../contract/preferred-dates";
import { USER_TYPE } from "../../contract/users";
import { DEMO_ACCOUNTS } from "./people";
import { insertAll, type SeedPart } from "./part";
import { createRandom } from "./random";

const DEMO_USERNAMES: ReadonlySet<string> = new Set(DEMO_ACCOUNTS.map((account) => account.username));

/** A few German answers per question (the demo's language); each profile picks one. */
const ANSWERS: Record<string, readonly string[]> = {
  perfect_date: [
    "Ein gutes Essen, ein Glas Wein und niemand, der auf die Uhr schaut.",
    "Ein Spaziergang am Wasser, danach ein gemütlicher Abend zu zweit.",
    "Zeit ohne Eile, ehrliche Gespräche und ein Lächeln zum Abschied.",
  ],
  what_i_like: [
    "Humor, gepflegte Hände und gute Musik.",
    "Jazz, Rotwein und Menschen mit Manieren.",
    "Ehrlichkeit und ein bisschen Abenteuer.",
  ],
  what_i_do_not_do: ["Treffen bei mir zu Hause.", "Fotos oder Videos während des Treffens.", "Spontane Treffen ohne Absprache."],
  first_meeting: [
    "Wir trinken erst etwas und lernen uns kennen. Alles andere ergibt sich.",
    "Kurz kennenlernen, Wünsche besprechen, dann genießen.",
  ],
  before_booking: ["Bitte schreib mir einen Tag vorher, wann und wo.", "Pünktlichkeit und Diskretion sind mir wichtig."],
  looking_for: ["Eine entspannte Begegnung ohne Stress.", "Eine Begleitung für Abendessen und Gespräche."],
  as_a_guest: ["Pünktlich, höflich und diskret.", "Ruhig, aufmerksam und immer gepflegt."],
  free_time: ["Yoga, Kochen und lange Spaziergänge.", "Bücher, Konzerte und Reisen ans Meer.", "Sport und Zeit mit Freunden."],
  house_special: ["Ein stilvolles Haus mitten in der Stadt, diskret und gepflegt.", "Persönliche Betreuung und ein Team, das sich kennt."],
  atmosphere: ["Gedämpftes Licht, ruhige Musik und eine entspannte Bar.", "Gemütlich und gepflegt – wie bei guten Freunden."],
  first_visit: ["Wir begrüßen dich an der Bar und stellen dir das Haus vor.", "Ruf vorher an, wir nehmen uns Zeit für dich."],
  house_rules: ["Respekt, Hygiene und Safer Sex – ohne Ausnahme.", "Kein Alkohol im Übermaß, kein Handy im Zimmer."],
  team: ["Ein festes Team aus Damen und Service, viele seit Jahren bei uns.", "Wechselnde Gäste-Ladies und ein herzliches Service-Team."],
};

/**
 * Interview answers and preferred date kinds (issue 11, ADR 039): every demo account answers a few questions;
 * a fifth of the generated profiles do too, and about half of the escorts name the dates they prefer.
 */
export const profileExtrasPart: SeedPart = {
  name: "profile-extras",
  async write({ trx, people, idOf, now }) {
    const interviews: Array<{ user_id: number; question_key: string; answer: string; updated_at: number }> = [];
    const dateKinds: Array<{ user_id: number; kind: string }> = [];
    for (const person of people) {
      const rng = createRandom(`profile-extras:${person.username}`);
      const demo = DEMO_USERNAMES.has(person.username);
      if (demo || rng.chance(0.2)) {
        const questions = interviewQuestionsFor(person.userType);
        const count = demo ? 3 : rng.int(1, 3);
        const chosen = questions.filter((_, i) => i < count || rng.chance(0.15)).slice(0, count);
        for (const key of chosen)
          interviews.push({ user_id: idOf(person), question_key: key, answer: rng.pick(ANSWERS[key]!), updated_at: now });
      }
      if (person.userType === USER_TYPE.escort && (demo || rng.chance(0.5))) {
        const kinds = DATE_KINDS.filter(() => rng.chance(0.4));
        for (const kind of kinds.length > 0 ? kinds : (["dinner_date"] as const)) dateKinds.push({ user_id: idOf(person), kind });
      }
    }
    await insertAll(trx, "profile_interviews", interviews);
    await insertAll(trx, "profile_date_kinds", dateKinds);
  },
};
