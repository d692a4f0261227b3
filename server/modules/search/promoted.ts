/**
 * The promoted slot of a search (ADR 090, docs/search-ranking.md): the running promotion profiles whose profile this
 * search finds — the same filters, place, visibility and blocks as its results —, at most PROMOTED_SLOTS of them,
 * taking turns (rotatePromoted). Shown on the first page only, above the ranked results and marked as an ad.
 */
import type { ApiDeps } from "../../api/types";
import type { PromotedProfile } from "../../contract/promotion";
import { promotedCards, rotatePromoted, runningProfilePromotions } from "../promotion/index";
import { searchScope, type SearchInput } from "./service";

export async function promotedFor(deps: ApiDeps, input: SearchInput): Promise<PromotedProfile[]> {
  const now = deps.clock.now();
  const running = await runningProfilePromotions(deps.db, now);
  if (running.length === 0) return [];
  const { from } = await searchScope(deps, input);
  const matching = await from()
    .select("search_profiles.user_id")
    .where(
      "search_profiles.user_id",
      "in",
      running.map((candidate) => candidate.user_id),
    )
    .execute();
  const found = new Set(matching.map((row) => row.user_id));
  return promotedCards(
    deps.db,
    rotatePromoted(
      running.filter((candidate) => found.has(candidate.user_id)),
      now,
    ),
  );
}
