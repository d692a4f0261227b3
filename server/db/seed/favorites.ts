import { chartDayOf } from "../../contract/dashboard";
import { REGISTER_COMPLETED_STEP, USER_TYPE } from "../../contract/users";
import { DEMO_ACCOUNTS, type PersonPlan } from "./people";
import { insertAll, type SeedPart } from "./part";

const DAY = 24 * 60 * 60 * 1000;
const DEMO_USERNAMES: ReadonlySet<string> = new Set(DEMO_ACCOUNTS.map((account) => account.username));

const listed = (p: PersonPlan) => p.status === "active" && p.profile.isVisible && p.registerCompletedStep >= REGISTER_COMPLETED_STEP;

/**
 * Favorites and visits for the demo (issue 11, ADR 036), so the lists and the dashboard's favorites line
 * are not empty on a new install: demo_member (plus, München) keeps and visited a few München escorts;
 * a few clients keep and visited demo_escort and demo_agency over the last weeks. Nobody else is touched
 * (end-to-end tests count the visits and favorites of generated escorts in other cities).
 */
export const favoritesPart: SeedPart = {
  name: "favorites",
  async write({ trx, people, idOf, now }) {
    const member = people.find((p) => p.username === "demo_member");
    const owners = people.filter((p) => p.username === "demo_escort" || p.username === "demo_agency");
    if (!member && owners.length === 0) return;
    const munich = people.filter(
      (p) => !DEMO_USERNAMES.has(p.username) && p.userType === USER_TYPE.escort && listed(p) && p.profile.city.slug === "muenchen",
    );
    const clients = people.filter((p) => !DEMO_USERNAMES.has(p.username) && p.userType === USER_TYPE.client && listed(p));
    const favorites: Array<{ user_id: number; target_id: number; created_at: number; created_day: string }> = [];
    const visits: Array<{ owner_id: number; visitor_id: number; last_visited_at: number; last_day: string; visit_days: number }> = [];
    const add = (from: PersonPlan, to: PersonPlan, daysAgo: number) => {
      const at = now - daysAgo * DAY - 3_600_000;
      favorites.push({ user_id: idOf(from), target_id: idOf(to), created_at: at, created_day: chartDayOf(at) });
    };
    const visit = (from: PersonPlan, to: PersonPlan, daysAgo: number, days: number) => {
      const at = now - daysAgo * DAY - 7_200_000;
      visits.push({ owner_id: idOf(to), visitor_id: idOf(from), last_visited_at: at, last_day: chartDayOf(at), visit_days: days });
    };
    if (member) {
      munich.slice(0, 6).forEach((escort, i) => add(member, escort, i * 3 + 1));
      munich.slice(0, 8).forEach((escort, i) => visit(member, escort, i + 1, 1 + (i % 3)));
    }
    owners.forEach((owner, o) => {
      clients.slice(o * 7, o * 7 + 5).forEach((client, i) => add(client, owner, i * 4 + 1));
      clients.slice(o * 7, o * 7 + 7).forEach((client, i) => visit(client, owner, i * 2 + 1, 1 + (i % 4)));
    });
    await insertAll(trx, "favorites", favorites);
    await insertAll(trx, "profile_visits", visits);
    const counters = new Map<number, { favorites: number; visits: number }>();
    for (const f of favorites)
      counters.set(f.target_id, {
        favorites: (counters.get(f.target_id)?.favorites ?? 0) + 1,
        visits: counters.get(f.target_id)?.visits ?? 0,
      });
    for (const v of visits)
      counters.set(v.owner_id, {
        favorites: counters.get(v.owner_id)?.favorites ?? 0,
        visits: (counters.get(v.owner_id)?.visits ?? 0) + v.visit_days,
      });
    await insertAll(
      trx,
      "profile_counters",
      [...counters].map(([user_id, c]) => ({ user_id, ...c })),
    );
  },
};
