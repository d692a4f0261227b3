/**
 * The dates part of the demo seed (listed in this module's manifest, ADR 064): dates and their reviews for the demo (issue 13, ADRs 046 and 047), so my_date, the reviews tabs, the profile's
 * review summary and search's has_review filter and rating sort show something from the first start:
 * - demo_client and demo_member have past dates with demo_escort, both reviewed and published (demo_escort
 *   answered one), demo_client one with demo_club (business criteria); a recent one that demo_escort has
 *   reviewed and demo_client has not (needs_review, still blind); demo_club lists demo_escort (an accepted link); an upcoming one; requests waiting for an
 *   answer on both sides; and one rejected, one expired and one cancelled request with generated escorts;
 * - generated listed clients and escorts of the first chunk get past dates with mutual published reviews, so
 *   about one escort in five of a default seed has reviews.
 * Only the first chunk (the one holding the demo accounts) gets dates: a benchmark seed stays as fast as before.
 * Starts are evening hours in Berlin, found from whole days back from the clock's hour and checked against the
 * start's own Berlin hour (so the change to or from summer time moves no start); nothing is keyed by a local day, so two rows can never
 * meet on one key across that change (the views part's bug in CI).
 */
import { BUSINESS_LINK_STATUS } from "../../contract/business-links";
import {
  DATE_OPEN_STATUSES,
  DATE_REMINDER_BEFORE_MS,
  DATE_STATUS,
  DATE_TIME_ZONE,
  type DateEventKind,
  type DatePlaceType,
} from "../../contract/dates";
import { REVIEW_CRITERIA, REVIEW_WINDOW_MS, reviewedPartyOf, type ReviewedParty, type ReviewPunctuality } from "../../contract/reviews";
import { REGISTER_COMPLETED_STEP, USER_TYPE } from "../../contract/users";
import { enqueueJob } from "../../jobs/queue";
import { createRandom } from "../../db/seed/random";
import { DEMO_ACCOUNTS, DEFAULT_SEED, type PersonPlan } from "../../db/seed/people";
import { insertAll, type SeedPart } from "../../db/seed/part";
import { pairKey } from "./service";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const DEMO_USERNAMES: ReadonlySet<string> = new Set(DEMO_ACCOUNTS.map((account) => account.username));
/** Generated escorts of the first chunk with reviewed dates (about one in five of a default seed). */
const REVIEWED_ESCORTS = 30;

/** The hour of a moment in Berlin (0–23). */
const berlinHour = new Intl.DateTimeFormat("en-GB", { timeZone: DATE_TIME_ZONE, hour: "2-digit", hourCycle: "h23" });

const listed = (p: PersonPlan) => p.status === "active" && p.profile.isVisible && p.registerCompletedStep >= REGISTER_COMPLETED_STEP;

type Direction = "client_about_escort" | "escort_about_client" | "client_about_business" | "business_about_client";
/** How a review's answers went: its text must say the same (issue 25: no "Gerne wieder" beside "Wieder ein Date: Nein"). */
type Tone = "again" | "fine" | "mixed";

/**
 * What the two members wrote about each other, by the answers they gave: "again" when they would recommend and come
 * again, "fine" when they recommend but did not say they would come again, "mixed" when they would not recommend.
 * No text speaks of punctuality: the line for the punctuality given is added to it (PUNCTUALITY_LINES). German like
 * the rest of the demo's member texts.
 */
const TEXTS: Record<Direction, Record<Tone, string[]>> = {
  client_about_escort: {
    again: [
      "Sehr angenehmer Abend, diskret und genau so, wie wir es vorher besprochen hatten. Gerne wieder.",
      "Freundlich, offen und zuverlässig. Die Verabredung lief ohne jede Unklarheit ab. Ich komme gern wieder.",
      "Die Fotos im Profil passen, das Treffen war ruhig und angenehm. Klare Empfehlung, ich melde mich wieder.",
    ],
    fine: [
      "Herzlich und aufmerksam, die Absprachen wurden eingehalten. Die Kommunikation vorab war schnell und klar.",
      "Ein entspanntes Abendessen mit guten Gesprächen. Alles war unkompliziert und respektvoll.",
      "Die Fotos im Profil passen, das Treffen war ruhig und angenehm.",
    ],
    mixed: [
      "Freundlich, aber die Absprachen vorab waren nicht ganz klar. Für mich hat es diesmal nicht gepasst.",
      "Das Treffen war in Ordnung, die Fotos im Profil sind allerdings schon älter.",
    ],
  },
  escort_about_client: {
    again: [
      "Freundlicher Gast, hat sich an alle Absprachen gehalten. Gerne wieder.",
      "Klare Kommunikation vorab, sehr gepflegt und zuvorkommend. Jederzeit wieder.",
    ],
    fine: [
      "Höflich und respektvoll, die Bezahlung lief reibungslos. Ein angenehmes Treffen.",
      "Ruhiger, netter Gast. Kurz vorher noch einmal bestätigt, so wünscht man sich das.",
    ],
    mixed: ["Die Absprachen vorab waren schwierig, das Treffen selbst blieb aber respektvoll."],
  },
  client_about_business: {
    again: [
      "Saubere, geschmackvoll eingerichtete Räume und ein freundliches Team am Empfang. Ich komme gern wieder.",
      "Sehr gepflegtes Haus, das Personal war aufmerksam und hat sich Zeit genommen. Gerne wieder.",
    ],
    fine: ["Diskreter Eingang, die Bezahlung war unkompliziert. Das Preis-Leistungs-Verhältnis stimmt."],
    mixed: ["Die Räume sind sauber, am Empfang mussten wir aber lange auf eine Antwort warten."],
  },
  business_about_client: {
    again: [
      "Angenehmer Gast, höflich zu unserem Team. Jederzeit willkommen.",
      "Hat vorher reserviert und sich an alle Hausregeln gehalten. Gerne wieder.",
    ],
    fine: ["Hat vorher reserviert und sich an alle Hausregeln gehalten."],
    mixed: ["Hat sich an die Hausregeln gehalten, war aber beim Bezahlen unentschlossen."],
  },
};
/** The sentence each punctuality answer adds to a text (none for on time: the texts do not claim either way). */
const PUNCTUALITY_LINES: Record<ReviewPunctuality, string> = {
  on_time: "",
  little_late: "Kam ein paar Minuten später, hatte aber vorher Bescheid gegeben.",
  too_early: "War etwas zu früh da.",
  no_show: "",
};
/** The reviewed member's answer: thanks for kind words, or for an honest one. */
const COMMENTS: Record<"kind" | "honest", string[]> = {
  kind: [
    "Danke dir, es war ein schöner Abend!",
    "Vielen Dank für die lieben Worte, bis zum nächsten Mal.",
    "Danke für deinen Besuch und die Rückmeldung!",
  ],
  honest: ["Danke für die offene Rückmeldung, ich nehme sie mir zu Herzen."],
};

interface DatePlan {
  key: string;
  sender: number;
  receiver: number;
  status: number;
  /** Whose answer the request waits for (open requests only). */
  awaiting: number | null;
  startsAt: number;
  minutes: number;
  place: DatePlaceType;
  price: number;
  message: string;
  createdAt: number;
  answeredAt: number | null;
  expired: boolean;
  cancelledBy: number | null;
  /** Reviews written, by author; published when both wrote or the window closed. */
  reviews: ReviewPlan[];
}

interface ReviewPlan {
  author: number;
  subject: number;
  party: ReviewedParty;
  ratings: Array<readonly [string, number]>;
  recommend: boolean;
  comeAgain: boolean;
  punctuality: ReviewPunctuality;
  text: string;
  writtenAt: number;
  comment: string | null;
}

export const datesPart: SeedPart = {
  name: "dates",
  async write({ trx, people, idOf, now }) {
    const byName = new Map(people.map((p) => [p.username, p]));
    const client = byName.get("demo_client");
    const escort = byName.get("demo_escort");
    const member = byName.get("demo_member");
    const club = byName.get("demo_club");
    // Only the chunk with the demo accounts.
    if (!client || !escort || !member || !club) return;
    const rng = createRandom(`${DEFAULT_SEED}:dates`);
    const anchor = Math.floor(now / HOUR) * HOUR;
    const plans: DatePlan[] = [];
    const hourlyOf = (p: PersonPlan) => p.profile.search?.hourlyPriceEur ?? 200;

    /** A date `daysAgo` days back (negative: ahead) at `hour` o'clock in Berlin, the date form's time zone. */
    const date = (
      sender: PersonPlan,
      receiver: PersonPlan,
      daysAgo: number,
      hour: number,
      status: number,
      extra: Partial<Pick<DatePlan, "awaiting" | "expired" | "cancelledBy" | "minutes" | "place">> = {},
    ): DatePlan => {
      const day = anchor - daysAgo * DAY;
      let startsAt = day + (hour - Number(berlinHour.format(day))) * HOUR;
      // A change to or from summer time between `day` and the start shifts the Berlin hour by one: correct it once.
      startsAt += (hour - Number(berlinHour.format(startsAt))) * HOUR;
      const minutes = extra.minutes ?? rng.pick([60, 60, 120, 180]);
      const plan: DatePlan = {
        key: `${idOf(sender)}:${idOf(receiver)}:${startsAt}`,
        sender: idOf(sender),
        receiver: idOf(receiver),
        status,
        awaiting: extra.awaiting ?? null,
        startsAt,
        minutes,
        place: extra.place ?? rng.pick(["incall", "outcall", "hotel"] as const),
        price: Math.round((hourlyOf(receiver) * minutes) / 60),
        message: rng.pick(["Ich freue mich auf dich!", "Passt dir die Zeit?", "Gerne wie besprochen.", ""]),
        // Asked two days before the start, and never within the last day: those would count against demo_client's
        // DATE_REQUESTS_PER_DAY, and a newcomer trying "Date anfragen" as demo_client would be refused (issue 25).
        createdAt: Math.min(startsAt - 2 * DAY, anchor - 2 * DAY),
        answeredAt:
          status === DATE_STATUS.request || status === DATE_STATUS.receiverReschedule || extra.expired
            ? null
            : Math.min(startsAt - DAY, anchor - 2 * HOUR),
        expired: extra.expired ?? false,
        cancelledBy: extra.cancelledBy ?? null,
        reviews: [],
      };
      // Two generated dates of one pair at the same hour would share a key: the second is left out.
      if (!plans.some((p) => p.key === plan.key)) plans.push(plan);
      return plan;
    };
    const review = (plan: DatePlan, author: PersonPlan, subject: PersonPlan, level: number, hoursAfterEnd: number, comment = false) => {
      const party = reviewedPartyOf(subject.userType);
      const direction =
        party === "business"
          ? "client_about_business"
          : author.userType === USER_TYPE.business
            ? "business_about_client"
            : author.userType === USER_TYPE.escort
              ? "escort_about_client"
              : "client_about_escort";
      // The draws in the order they always had, so every other seeded value stays where it was.
      const ratings = REVIEW_CRITERIA[party].map(
        (criterion) => [criterion, Math.max(1, Math.min(5, level - (rng.chance(0.3) ? 1 : 0)))] as const,
      );
      const recommend = level >= 4;
      const comeAgain = level >= 4 && rng.chance(0.8);
      const punctuality = rng.weighted([
        ["on_time", 8],
        ["little_late", 2],
        ["too_early", 1],
      ] as const);
      const tone: Tone = !recommend ? "mixed" : comeAgain ? "again" : "fine";
      // A business is not late or early: its reviews get no punctuality line.
      const line = party === "business" ? "" : PUNCTUALITY_LINES[punctuality];
      const text = [rng.pick(TEXTS[direction][tone]), line].filter(Boolean).join(" ");
      plan.reviews.push({
        author: idOf(author),
        subject: idOf(subject),
        party,
        ratings,
        recommend,
        comeAgain,
        punctuality,
        text,
        writtenAt: plan.startsAt + plan.minutes * 60_000 + hoursAfterEnd * HOUR,
        comment: comment ? rng.pick(COMMENTS[recommend ? "kind" : "honest"]) : null,
      });
    };

    // The demo accounts: every stage of my_date has something.
    const first = date(client, escort, 24, 20, DATE_STATUS.accept, { minutes: 120, place: "hotel" });
    review(first, client, escort, 5, 20, true);
    review(first, escort, client, 5, 30);
    const second = date(member, escort, 12, 19, DATE_STATUS.accept, { minutes: 60, place: "incall" });
    review(second, member, escort, 4, 5, true);
    review(second, escort, member, 5, 8);
    const atClub = date(client, club, 9, 21, DATE_STATUS.accept, { minutes: 180, place: "incall" });
    review(atClub, client, club, 4, 12, true);
    review(atClub, club, client, 5, 40);
    // Ended two days ago: demo_escort wrote (blind), demo_client still can.
    review(date(client, escort, 2, 20, DATE_STATUS.accept, { minutes: 60 }), escort, client, 5, 10);
    date(client, escort, -3, 20, DATE_STATUS.accept, { minutes: 120 });
    date(member, escort, -4, 19, DATE_STATUS.request, { awaiting: idOf(escort) });

    const escorts = people.filter((p) => !DEMO_USERNAMES.has(p.username) && p.userType === USER_TYPE.escort && listed(p));
    const clients = people.filter((p) => !DEMO_USERNAMES.has(p.username) && p.userType === USER_TYPE.client && listed(p));
    const [rejecting, expiring, cancelled, waiting, asked] = escorts;
    if (rejecting) date(client, rejecting, -5, 21, DATE_STATUS.reject);
    if (expiring) date(client, expiring, 6, 20, DATE_STATUS.cancel, { expired: true });
    if (cancelled) date(client, cancelled, -8, 18, DATE_STATUS.cancel, { cancelledBy: idOf(client) });
    if (waiting) date(client, waiting, -2, 21, DATE_STATUS.receiverReschedule, { awaiting: idOf(client) });
    if (asked) date(client, asked, -5, 19, DATE_STATUS.request, { awaiting: idOf(asked) });
    if (clients[0]) date(clients[0], escort, -6, 20, DATE_STATUS.senderReschedule, { awaiting: idOf(escort) });
    for (const [i, guest] of clients.slice(1, 3).entries()) {
      const visit = date(guest, club, 20 + i * 11, 22, DATE_STATUS.accept, { minutes: 120, place: "incall" });
      review(visit, guest, club, 5 - i, 6, i === 0);
      review(visit, club, guest, 5, 20);
    }

    // Generated members: past dates, both reviews published, a few answered.
    if (clients.length > 3) {
      for (const reviewed of rng.sample(escorts.slice(5), Math.min(REVIEWED_ESCORTS, Math.max(0, escorts.length - 5)))) {
        for (let n = rng.int(1, 3); n > 0; n--) {
          const guest = rng.pick(clients.slice(3));
          const plan = date(guest, reviewed, rng.int(9, 90), rng.pick([18, 19, 20, 21, 22]), DATE_STATUS.accept);
          const level = rng.weighted([
            [5, 6],
            [4, 4],
            [3, 1],
            [2, 0.3],
          ] as const);
          review(plan, guest, reviewed, level, rng.int(2, 60), rng.chance(0.3));
          review(plan, reviewed, guest, rng.chance(0.8) ? 5 : 4, rng.int(2, 60));
        }
      }
    }
    await writePlans(trx, plans, anchor);
    // demo_club lists demo_escort (she accepted): the club's reviews tab shows her reviews, its business_reviews its own.
    await insertAll(trx, "business_escorts", [
      {
        business_user_id: idOf(club),
        escort_user_id: idOf(escort),
        created_at: anchor - 30 * DAY,
        status: BUSINESS_LINK_STATUS.accepted,
        decided_at: anchor - 29 * DAY,
      },
    ]);
  },
};

async function writePlans(trx: Parameters<SeedPart["write"]>[0]["trx"], plans: readonly DatePlan[], now: number): Promise<void> {
  const open = (p: DatePlan) => DATE_OPEN_STATUSES.includes(p.status);
  await insertAll(
    trx,
    "dates",
    plans.map((p) => ({
      sender_id: p.sender,
      receiver_id: p.receiver,
      open_pair_key: open(p) && p.startsAt > now ? pairKey(p.sender, p.receiver) : null,
      status: p.status,
      awaiting_id: p.awaiting,
      starts_at: p.startsAt,
      duration_minutes: p.minutes,
      place_type: p.place,
      address: p.place === "incall" ? "" : p.place === "hotel" ? "Hotel am Park, Zimmer nach Absprache" : "Adresse wie im Chat besprochen",
      price: p.price,
      currency: "EUR",
      message: p.message,
      expired_at: p.expired ? p.startsAt : null,
      cancelled_by: p.cancelledBy,
      version: p.answeredAt === null ? 0 : 1,
      created_at: p.createdAt,
      updated_at: p.answeredAt ?? p.createdAt,
    })),
  );
  const rows = await trx.selectFrom("dates").select(["id", "sender_id", "receiver_id", "starts_at"]).execute();
  const idByKey = new Map(rows.map((r) => [`${r.sender_id}:${r.receiver_id}:${Number(r.starts_at)}`, Number(r.id)]));
  const idOf = (p: DatePlan) => idByKey.get(p.key)!;

  const events: Array<{ date_id: number; kind: DateEventKind; actor_id: number | null; payload: string | null; created_at: number }> = [];
  const event = (p: DatePlan, kind: DateEventKind, actor: number | null, at: number, startsAt?: number) =>
    events.push({
      date_id: idOf(p),
      kind,
      actor_id: actor,
      payload: startsAt === undefined ? null : JSON.stringify({ starts_at: startsAt }),
      created_at: at,
    });
  const clock = { now: () => now };
  const windows: Array<{ date_id: number; opened_at: number; closed_at: number | null }> = [];
  const reviewRows: Array<Record<string, unknown>> = [];

  for (const p of plans) {
    const id = idOf(p);
    event(p, "request", p.sender, p.createdAt, p.startsAt);
    if (p.status === DATE_STATUS.accept) event(p, "accept", p.receiver, p.answeredAt!);
    if (p.status === DATE_STATUS.reject) event(p, "reject", p.receiver, p.answeredAt!);
    if (p.status === DATE_STATUS.receiverReschedule) event(p, "reschedule", p.receiver, p.createdAt + HOUR, p.startsAt);
    if (p.status === DATE_STATUS.senderReschedule) {
      event(p, "reschedule", p.receiver, p.createdAt + HOUR, p.startsAt - DAY);
      event(p, "reschedule", p.sender, p.createdAt + 2 * HOUR, p.startsAt);
    }
    if (p.status === DATE_STATUS.cancel) event(p, p.expired ? "system_cancel" : "cancel", p.cancelledBy, p.answeredAt ?? p.startsAt);
    // The jobs the API would have queued: expiry of an open request, the reminder, the window's close.
    if (open(p) && p.startsAt > now)
      await enqueueJob(trx, clock, "date.expire", { date_id: id }, { runAt: p.startsAt, key: `date.expire:${id}:${p.startsAt}` });
    if (p.status === DATE_STATUS.accept && p.startsAt > now)
      await enqueueJob(
        trx,
        clock,
        "date.remind",
        { date_id: id, starts_at: p.startsAt },
        { runAt: p.startsAt - DATE_REMINDER_BEFORE_MS, key: `date.remind:${id}:${p.startsAt}` },
      );
    const end = p.startsAt + p.minutes * 60_000;
    if (p.status !== DATE_STATUS.accept || end > now) continue;
    const closesAt = end + REVIEW_WINDOW_MS;
    const closed = closesAt <= now;
    windows.push({ date_id: id, opened_at: end, closed_at: closed ? closesAt : null });
    if (!closed)
      await enqueueJob(trx, clock, "review_window.close", { date_id: id }, { runAt: closesAt, key: `review_window.close:${id}` });
    const publishedAt = p.reviews.length === 2 ? Math.max(...p.reviews.map((r) => r.writtenAt)) : closed ? closesAt : null;
    for (const r of p.reviews) {
      event(p, r.author === p.sender ? "sender_review" : "receiver_review", r.author, r.writtenAt);
      const commentedAt = r.comment !== null && publishedAt !== null ? publishedAt + 5 * HOUR : null;
      if (commentedAt !== null) event(p, r.subject === p.sender ? "sender_comment" : "receiver_comment", r.subject, commentedAt);
      reviewRows.push({
        date_id: id,
        author_id: r.author,
        subject_id: r.subject,
        party: r.party,
        rating: r.ratings.reduce((sum, [, value]) => sum + value, 0) / r.ratings.length,
        recommend: r.recommend ? 1 : 0,
        profile_match: 1,
        come_again: r.comeAgain ? 1 : 0,
        punctuality: r.punctuality,
        text: r.text,
        comment: commentedAt === null ? null : r.comment,
        commented_at: commentedAt,
        created_at: r.writtenAt,
        published_at: publishedAt,
      });
    }
  }
  events.sort((a, b) => a.date_id - b.date_id || a.created_at - b.created_at);
  await insertAll(trx, "date_events", events);
  await insertAll(trx, "date_review_windows", windows);
  await insertAll(trx, "date_reviews", reviewRows as never);

  const written = await trx.selectFrom("date_reviews").select(["id", "date_id", "author_id"]).execute();
  const reviewId = new Map(written.map((r) => [`${r.date_id}:${r.author_id}`, Number(r.id)]));
  await insertAll(
    trx,
    "date_review_ratings",
    plans.flatMap((p) =>
      p.reviews.flatMap((r) =>
        r.ratings.map(([criterion, rating]) => ({ review_id: reviewId.get(`${idOf(p)}:${r.author}`)!, criterion, rating })),
      ),
    ),
  );
  // The profile's counters, as the reviews module keeps them (published reviews only); the trigger copies them to search.
  const stats = new Map<number, { count: number; sum: number }>();
  for (const row of reviewRows) {
    if (row.published_at === null) continue;
    const s = stats.get(row.subject_id as number) ?? { count: 0, sum: 0 };
    stats.set(row.subject_id as number, { count: s.count + 1, sum: s.sum + (row.rating as number) });
  }
  for (const [userId, s] of stats)
    await trx
      .updateTable("profiles")
      .set({ review_count: s.count, rating_avg: Math.round((s.sum / s.count) * 10) / 10 })
      .where("user_id", "=", userId)
      .execute();
}
