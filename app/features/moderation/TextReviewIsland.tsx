/**
 * The notice about the member's texts under review (./TextReviewNotice) as a server island (ADR 162, ADR 167): markup
 * only, all of it from the loader's list of reviews, so hydration keeps the server's HTML and loads its code only when
 * the browser draws it (after a save, whose answer brings a new list). `withIntro` changes only with that list.
 */
import type { MyModeration } from "#server/contract/moderation";
import { serverIsland } from "~/components/ServerIsland";

export const TextReviewIsland = serverIsland<{ data: MyModeration["texts"]; withIntro: boolean }>(
  "text-reviews",
  () => import("./TextReviewNotice"),
);
