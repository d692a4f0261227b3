/**
 * user/date_review_display (issue 10): whether the reviews of an escort's or a business's dates, and their
 * average, show on the profile. Clients have no such page (section 6); reviews arrive with issue 13, which
 * reads these two switches when it shows them.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type { DateReviewDisplay, DateReviewDisplayInput } from "../../contract/settings";
import { USER_TYPE } from "../../contract/users";

async function assertReviewed(deps: ApiDeps, userId: number): Promise<void> {
  const user = await deps.db.selectFrom("users").select("user_type").where("id", "=", userId).executeTakeFirst();
  if (!user) throw fail.unauthorized();
  if (user.user_type === USER_TYPE.client) throw fail.forbidden("exception.settings.not_for_user_type");
}

export async function dateReviewDisplay(deps: ApiDeps, userId: number): Promise<DateReviewDisplay> {
  await assertReviewed(deps, userId);
  const row = await deps.db
    .selectFrom("profiles")
    .select(["reviews_shown", "rating_shown", "review_count"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return {
    show_reviews: (row?.reviews_shown ?? 1) === 1,
    show_rating: (row?.rating_shown ?? 1) === 1,
    review_count: row?.review_count ?? 0,
  };
}

export async function saveDateReviewDisplay(deps: ApiDeps, userId: number, input: DateReviewDisplayInput): Promise<DateReviewDisplay> {
  await assertReviewed(deps, userId);
  await deps.db
    .updateTable("profiles")
    .set({ reviews_shown: input.show_reviews ? 1 : 0, rating_shown: input.show_rating ? 1 : 0, updated_at: deps.clock.now() })
    .where("user_id", "=", userId)
    .execute();
  return dateReviewDisplay(deps, userId);
}
