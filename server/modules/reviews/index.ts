/** The reviews module's public face for other modules (profiles' summary, business reviews, the jobs). */
export { closeReviewWindow, openReviewWindows, receivedReviews, reportableReview, reviewAverages } from "./service";
