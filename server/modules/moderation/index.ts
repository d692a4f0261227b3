/** The public face of the moderation module: recording proposed profile texts and the owner's view of them, for the profile forms and pages. Other modules import only this file. */
export { ownPendingInterviewAnswers, ownPendingTexts, ownTextReviews, proposeInterviewAnswers, proposeTexts } from "./texts";
