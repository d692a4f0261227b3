/** The reviews module's public face for other modules (profiles' summary, business reviews), and its manifest (ADRs 047, 064). */
import { defineFeature, defineJob } from "../manifest";
import { registerReviews } from "./routes";
import { closeReviewWindow, findReportedReview, removeReportedReview, restoreReportedReview } from "./service";
export {
  closeReviewWindow,
  listedItems,
  openReviewWindows,
  receivedReviews,
  removeReportedReview,
  reviewAverages,
  shownReviews,
  shownReviewsPage,
  unlockPriceFor,
} from "./service";

export const manifest = defineFeature({
  name: "reviews",
  routes: registerReviews,
  jobs: {
    /** A date's review window ends (7 days after the date): publish what is still blind, tell both members (ADR 047). */
    "review_window.close": defineJob<{ date_id: number }>((deps) => ({ run: (payload) => closeReviewWindow(deps, payload.date_id) })),
  },
  reportTypes: {
    /** A published review, or one's own received review (blind ones cannot be reported); removed and restored by a mark (ADR 112). */
    review: { queue: "reports", find: findReportedReview, removeContent: removeReportedReview, restoreContent: restoreReportedReview },
  },
  notifications: {
    review: {
      kind: "reviews",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} hat dich bewertet",
        en: "{actor} reviewed you",
        es: "{actor} te valoró",
        pl: "{actor} wystawił(a) ci ocenę",
      },
    },
    review_window_open: {
      kind: "reviews",
      contentType: "request",
      stickiness: "long",
      title: {
        de: "Bewerte dein Date mit {actor} (7 Tage Zeit)",
        en: "Review your date with {actor} (you have 7 days)",
        es: "Valora tu cita con {actor} (tienes 7 días)",
        pl: "Oceń randkę z {actor} (masz 7 dni)",
      },
    },
    review_window_closed: {
      kind: "reviews",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Die Bewertungen deines Dates mit {actor} sind veröffentlicht",
        en: "The reviews of your date with {actor} are published",
        es: "Las valoraciones de tu cita con {actor} están publicadas",
        pl: "Oceny twojej randki z {actor} zostały opublikowane",
      },
    },
  },
});
