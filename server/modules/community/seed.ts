/**
 * Seed part "community" (issue 29 item 8): events and blog posts so every page of issue 29 shows real content on a
 * fresh install. demo_club organizes upcoming events in Berlin and Hamburg and a past one, demo_escort one in
 * Munich, other members more in other cities; demo_member attends an upcoming event and attended and reviewed the
 * past one. Several members have published posts with comments (some replies) and likes. One pending event and one
 * pending post wait in the back office's queues. All in chunk 0, beside the demo accounts.
 */
import type { Transaction } from "kysely";
import { BLOG_STATE } from "../../contract/blogs";
import { DEFAULT_EVENT_TIME_ZONE, EVENT_ATTENDANCE, EVENT_STATUS, type EventCategory } from "../../contract/events";
import { USER_TYPE } from "../../contract/users";
import type { Database } from "../../db/schema";
import { seedCity } from "../../db/seed/cities";
import { demoIds, type SeedChunk, type SeedPart } from "../../db/seed/part";
import type { PersonPlan } from "../../db/seed/people";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoEvent {
  organizer: "club" | "escort" | "other";
  category: EventCategory;
  city: string;
  title: string;
  description: string;
  /** Days from the seed's date (negative: past). */
  inDays: number;
  hours: number;
  price: number;
  status: number;
}

const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    organizer: "club",
    category: "motto-party",
    city: "berlin",
    title: "Maskenball im Mondschein",
    description: "Unser Maskenball: Dresscode elegant, Maske Pflicht. Begrüßungsgetränk inklusive.",
    inDays: 5,
    hours: 6,
    price: 40,
    status: EVENT_STATUS.accepted,
  },
  {
    organizer: "club",
    category: "swinger-party",
    city: "berlin",
    title: "Paare-Abend im Club Mondschein",
    description: "Ein entspannter Abend für Paare und Einzeldamen, mit Buffet und DJ.",
    inDays: 12,
    hours: 7,
    price: 80,
    status: EVENT_STATUS.accepted,
  },
  {
    organizer: "club",
    category: "fetish-party",
    city: "hamburg",
    title: "Lack & Leder an der Elbe",
    description: "Fetisch-Nacht mit Dresscode Lack, Leder, Latex. Garderobe vorhanden.",
    inDays: 19,
    hours: 6,
    price: 120,
    status: EVENT_STATUS.accepted,
  },
  {
    organizer: "club",
    category: "motto-party",
    city: "berlin",
    title: "Sommernachtsparty",
    description: "Unsere Sommernachtsparty im Garten des Clubs.",
    inDays: -20,
    hours: 6,
    price: 30,
    status: EVENT_STATUS.accepted,
  },
  {
    organizer: "club",
    category: "bdsm-party",
    city: "berlin",
    title: "Spielabend für Einsteiger",
    description: "Ein ruhiger Abend mit Einführung und Workshop – wartet noch auf die Prüfung durch das Team.",
    inDays: 26,
    hours: 5,
    price: 25,
    status: EVENT_STATUS.pending,
  },
  {
    organizer: "escort",
    category: "bdsm-party",
    city: "muenchen",
    title: "Dinner & Dominanz",
    description: "Ein Abend mit Dinner und anschließender Session in kleiner Runde.",
    inDays: 9,
    hours: 5,
    price: 250,
    status: EVENT_STATUS.accepted,
  },
  {
    organizer: "other",
    category: "male-surplus",
    city: "koeln",
    title: "Herrenüberschuss am Rhein",
    description: "Party mit Herrenüberschuss – Damen haben freien Eintritt.",
    inDays: 7,
    hours: 6,
    price: 60,
    status: EVENT_STATUS.accepted,
  },
  {
    organizer: "other",
    category: "gangbang",
    city: "frankfurt-am-main",
    title: "Gangbang-Party am Main",
    description: "Geschlossene Gesellschaft mit Anmeldung; Gesundheitszeugnis erwünscht.",
    inDays: 15,
    hours: 4,
    price: 100,
    status: EVENT_STATUS.accepted,
  },
  {
    organizer: "other",
    category: "parkinglot_sex",
    city: "leipzig",
    title: "Parkplatztreffen Leipzig",
    description: "Treffpunkt wird nach Annahme der Teilnahme bekannt gegeben.",
    inDays: 3,
    hours: 3,
    price: 0,
    status: EVENT_STATUS.accepted,
  },
  {
    organizer: "other",
    category: "swinger-party",
    city: "stuttgart",
    title: "Swinger-Brunch",
    description: "Sonntagsbrunch für Paare mit anschließender Party.",
    inDays: 30,
    hours: 6,
    price: 550,
    status: EVENT_STATUS.accepted,
  },
];

interface DemoPost {
  author: "escort" | "member" | "club" | "other" | "client";
  category: string;
  title: string;
  paragraphs: readonly string[];
  daysAgo: number;
  state: number;
}

const DEMO_POSTS: readonly DemoPost[] = [
  {
    author: "escort",
    category: "everyday-life",
    title: "Ein ganz normaler Dienstag",
    paragraphs: [
      "Morgens Yoga, mittags Büroarbeit, abends ein Date – so sieht mein Alltag oft aus.",
      "Was viele nicht wissen: Die meiste Zeit verbringe ich mit Planung.",
    ],
    daysAgo: 2,
    state: BLOG_STATE.published,
  },
  {
    author: "escort",
    category: "advice",
    title: "Fünf Tipps für das erste Date",
    paragraphs: [
      "Pünktlichkeit, Hygiene, Respekt – die Grundlagen.",
      "Und: Klare Absprachen vorab machen den Abend für beide entspannter.",
    ],
    daysAgo: 9,
    state: BLOG_STATE.published,
  },
  {
    author: "member",
    category: "experiences",
    title: "Mein erster Clubabend",
    paragraphs: ["Ich war nervös, aber das Team im Club Mondschein hat es mir leicht gemacht.", "Fazit: Ich komme wieder."],
    daysAgo: 4,
    state: BLOG_STATE.published,
  },
  {
    author: "club",
    category: "news",
    title: "Neue Öffnungszeiten im Club Mondschein",
    paragraphs: ["Ab sofort haben wir auch sonntags geöffnet.", "Die Veranstaltungen findet ihr wie immer auf unserem Profil."],
    daysAgo: 1,
    state: BLOG_STATE.post_check,
  },
  {
    author: "other",
    category: "health",
    title: "Regelmäßige Tests – warum sie dazugehören",
    paragraphs: ["Ein Test alle drei Monate gibt Sicherheit für alle Beteiligten.", "Viele Gesundheitsämter testen anonym und kostenlos."],
    daysAgo: 14,
    state: BLOG_STATE.published,
  },
  {
    author: "other",
    category: "travel",
    title: "Ein Wochenende in Hamburg",
    paragraphs: ["Vom Fischmarkt bis zur Reeperbahn: mein Wochenende im Norden."],
    daysAgo: 21,
    state: BLOG_STATE.approved,
  },
  {
    author: "client",
    category: "everyday-life",
    title: "Wie ich zu Velora kam",
    paragraphs: ["Ein Freund hat mir die Seite empfohlen – hier meine ersten Eindrücke."],
    daysAgo: 0,
    state: BLOG_STATE.pending,
  },
];

const COMMENTS: readonly string[] = [
  "Danke für den ehrlichen Einblick!",
  "Sehr hilfreich, das merke ich mir.",
  "Geht mir genauso.",
  "Schön geschrieben.",
];
const REPLY = "Danke dir für den Kommentar!";

/** The post's body in the structured form the blogs module stores (paragraphs of plain text; rendered by the app). */
/** The blogs' structured body (contract/blogs-editor BlogBlock): one paragraph block per text. */
const bodyOf = (paragraphs: readonly string[]) => JSON.stringify(paragraphs.map((text) => ({ type: "paragraph", spans: [{ text }] })));

const slugOf = (title: string, n: number) =>
  `${title
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-${n}`;

/** Other listed members of the chunk to organize, write and like: active, visible, finished registration. */
function othersOf(chunk: SeedChunk, kinds: readonly number[], skip: ReadonlySet<number>): number[] {
  return chunk.people
    .filter(
      (p: PersonPlan) => p.status === "active" && p.profile.isVisible && kinds.includes(p.userType) && !p.username.startsWith("demo_"),
    )
    .map((p) => chunk.idOf(p))
    .filter((id) => !skip.has(id))
    .slice(0, 8);
}

async function insertEvents(trx: Transaction<Database>, now: number, organizerOf: (e: DemoEvent, i: number) => number): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, spec] of DEMO_EVENTS.entries()) {
    const city = seedCity(spec.city);
    // 19:00 UTC of the day (20:00 in Berlin in winter, 21:00 in summer), plus days.
    const startsAt = Math.floor(now / DAY) * DAY + 19 * HOUR + spec.inDays * DAY;
    const row = await trx
      .insertInto("events")
      .values({
        organizer_id: organizerOf(spec, index),
        category: spec.category,
        slug: slugOf(spec.title, index + 1),
        title: spec.title,
        description: spec.description,
        status: spec.status,
        starts_at: startsAt,
        ends_at: startsAt + spec.hours * HOUR,
        time_zone: DEFAULT_EVENT_TIME_ZONE,
        city_id: city.geonameId,
        city_slug: city.slug,
        city_name: city.name,
        country_code: "DE",
        lat: city.lat,
        lon: city.lon,
        price: spec.price,
        max_attendees: 40,
        created_at: now - (30 - index) * DAY,
        submitted_at: now - (30 - index) * DAY,
        updated_at: now - (30 - index) * DAY,
        decided_at: spec.status === EVENT_STATUS.pending ? null : now - (29 - index) * DAY,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export const communityPart: SeedPart = {
  name: "community",
  async write(chunk) {
    const ids = demoIds(chunk, ["demo_club", "demo_escort", "demo_member", "demo_client"] as const);
    if (!ids) return;
    const [club, escort, member, client] = ids;
    const { trx, now } = chunk;
    const demo = new Set(ids);
    const organizers = othersOf(chunk, [USER_TYPE.business, USER_TYPE.escort], demo);
    const people = othersOf(chunk, [USER_TYPE.client, USER_TYPE.escort], demo);
    const pick = (list: number[], n: number, fallback: number) => list[n % Math.max(1, list.length)] ?? fallback;

    const eventIds = await insertEvents(trx, now, (spec, index) =>
      spec.organizer === "club" ? club : spec.organizer === "escort" ? escort : pick(organizers, index, club),
    );
    const upcoming = eventIds[0]!;
    const past = eventIds[3]!;
    // demo_member: accepted for the masked ball, attended the summer party and reviewed it.
    const attendances = [
      { event_id: upcoming, user_id: member },
      { event_id: past, user_id: member },
      { event_id: past, user_id: pick(people, 0, client) },
    ];
    await trx
      .insertInto("event_attendances")
      .values(
        attendances.map((a) => ({
          ...a,
          status: EVENT_ATTENDANCE.attend,
          accepted_at: now - 10 * DAY,
          created_at: now - 12 * DAY,
          updated_at: now - 10 * DAY,
        })),
      )
      .execute();
    await trx.updateTable("events").set({ attendee_count: 1 }).where("id", "=", upcoming).execute();
    await trx.updateTable("events").set({ attendee_count: 2 }).where("id", "=", past).execute();
    await trx
      .insertInto("event_reviews")
      .values({
        event_id: past,
        reviewer_id: member,
        organizer_id: club,
        service: 5,
        event_organization: 4,
        location: 5,
        value_for_money: 4,
        would_attend_again: 1,
        will_recommend: 1,
        text: "Tolle Stimmung, freundliches Team – gerne wieder.",
        created_at: now - 18 * DAY,
      })
      .execute();

    const authorOf = (post: DemoPost, index: number) =>
      ({ escort, member, club, client, other: pick(people, index + 1, member) })[post.author];
    for (const [index, post] of DEMO_POSTS.entries()) {
      const authorId = authorOf(post, index);
      const place = chunk.people.find((p) => chunk.idOf(p) === authorId)?.profile;
      const publishedAt = post.state === BLOG_STATE.pending ? null : now - post.daysAgo * DAY - index * HOUR;
      const readers = [member, escort, club, ...people].filter((id) => id !== authorId);
      const published = publishedAt !== null;
      const likes = published ? readers.slice(0, (index % 4) + 1) : [];
      const commenters = published && index % 3 !== 2 ? readers.slice(0, 2) : [];
      const blog = await trx
        .insertInto("blogs")
        .values({
          author_id: authorId,
          category: post.category,
          slug: slugOf(post.title, index + 1),
          title: post.title,
          body: bodyOf(post.paragraphs),
          excerpt: post.paragraphs[0]!,
          state: post.state,
          lat: place?.lat ?? null,
          lon: place?.lon ?? null,
          like_count: likes.length,
          // The reply below counts too.
          comment_count: commenters.length + (commenters.length > 0 ? 1 : 0),
          created_at: (publishedAt ?? now) - HOUR,
          updated_at: publishedAt ?? now,
          published_at: publishedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (likes.length > 0)
        await trx
          .insertInto("blog_likes")
          .values(likes.map((userId) => ({ blog_id: blog.id, user_id: userId, created_at: publishedAt! + HOUR })))
          .execute();
      let first: number | null = null;
      for (const [n, commenter] of commenters.entries()) {
        const comment = await trx
          .insertInto("blog_comments")
          .values({
            blog_id: blog.id,
            author_id: commenter,
            parent_id: null,
            body: COMMENTS[(index + n) % COMMENTS.length]!,
            created_at: publishedAt! + (n + 1) * HOUR,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        first ??= comment.id;
      }
      // The author answers the first comment (one level deep).
      if (first !== null)
        await trx
          .insertInto("blog_comments")
          .values({ blog_id: blog.id, author_id: authorId, parent_id: first, body: REPLY, created_at: publishedAt! + 4 * HOUR })
          .execute();
    }
  },
};
