/** Rise-up and profile promotion (issue 27 item 3): promotion/{type?}, paid and free rise-ups, their effect on search, the promotion profile with the team's review and the promoted slot, share/promotion statuses. */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineFeature, type OpenQueueItems } from "../manifest";
import * as m0071 from "./migrations/0071_promotion";
import * as m0077 from "./migrations/0077_promotion_profile";
import { registerPromotion } from "./routes";

// The queue's open items (ADR 119): the rows its own list shows, with when each began waiting.
const scope = (name: string) => sql<string>`${sql.lit(name)}`.as("scope");

const openPromotions = (db: Kysely<Database>): OpenQueueItems =>
  db
    .selectFrom("promotions")
    .where("promotions.type", "=", "profile")
    .where("promotions.status", "=", "pending")
    .select(["promotions.id", "promotions.created_at as since", scope("promotions")]);

export const manifest = defineFeature({
  name: "promotion",
  routes: registerPromotion,
  migrations: { "0071_promotion": m0071, "0077_promotion_profile": m0077 },
  notifications: {
    promotion_accepted: {
      kind: "moderation",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Dein Promotion-Profil ist freigegeben",
        en: "Your promotion profile was approved",
        es: "Tu perfil promocionado fue aprobado",
        pl: "Twój profil promocyjny został zatwierdzony",
      },
    },
    promotion_rejected: {
      kind: "moderation",
      contentType: "alert",
      stickiness: "long",
      title: {
        de: "Dein Promotion-Profil wurde nicht freigegeben – die Dollar sind zurück",
        en: "Your promotion profile was not approved – the dollars are back",
        es: "Tu perfil promocionado no fue aprobado: los dólares han vuelto",
        pl: "Twój profil promocyjny nie został zatwierdzony – dolary wróciły",
      },
    },
  },
  moderationQueues: {
    /** Promotion profiles (headline and photo) before they run (ADR 090). */
    promotions: { api: "/backoffice/promotions", title: "promotion.backoffice.title", open: openPromotions },
  },
});
export { buyRiseUp, monthStartOf } from "./service";
export { promotedCards, rotatePromoted, runningProfilePromotions, type PromotedCandidate } from "./profile";
