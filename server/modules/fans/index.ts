/**
 * Fan subscriptions (issue 28 item 3, ADR 094): a creator's tiers, members subscribing with dollars, cancel and undo
 * cancel, monthly renewals through the ledger from the job table, the creator's subscribers and earnings. The one
 * paid-access rule (access/paid-media.ts) reads fan_subscriptions for fans-only media. Other modules import only this file.
 */
import { defineFeature, defineJob } from "../manifest";
import { fansGoods } from "./goods";
import * as m0082 from "./migrations/0082_fans";
import * as m0086 from "./migrations/0086_fan_card_renewals";
import { runFanRenewals } from "./renewals";
import { registerFans } from "./routes";
import { fansPart } from "./seed";

export const manifest = defineFeature({
  name: "fans",
  routes: registerFans,
  migrations: { "0082_fans": m0082, "0086_fan_card_renewals": m0086 },
  goods: { fans: fansGoods },
  // After every earlier part (plus is 160); issue 28's other creator parts may take the numbers between.
  seed: [{ order: 190, part: fansPart }],
  jobs: {
    /** Renews (or ends) the subscriptions whose paid period is over, each period charged once, then schedules the next run. */
    "fan_subscriptions.renew": defineJob<Record<string, never>>((deps) => ({ run: () => runFanRenewals(deps) })),
  },
  notifications: {
    fan_subscribed: {
      kind: "dollars",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} ist jetzt dein Fan",
        en: "{actor} is now your fan",
        es: "{actor} ahora es tu fan",
        pl: "{actor} jest teraz twoim fanem",
      },
    },
    fan_renewal_failed: {
      kind: "dollars",
      contentType: "alert",
      stickiness: "long",
      title: {
        de: "Dein Fan-Abo bei {actor} ist beendet: die Verlängerung konnte nicht bezahlt werden",
        en: "Your fan subscription to {actor} has ended: the renewal could not be paid",
        es: "Tu suscripción de fan a {actor} ha terminado: no se pudo pagar la renovación",
        pl: "Twoja subskrypcja fana u {actor} wygasła: nie udało się opłacić odnowienia",
      },
    },
    fan_subscription_lost: {
      kind: "dollars",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Das Fan-Abo von {actor} ist beendet: die Verlängerung konnte nicht bezahlt werden",
        en: "{actor}'s fan subscription has ended: the renewal could not be paid",
        es: "La suscripción de fan de {actor} ha terminado: no se pudo pagar la renovación",
        pl: "Subskrypcja fana {actor} wygasła: nie udało się opłacić odnowienia",
      },
    },
    fan_subscription_ended: {
      kind: "dollars",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Dein gekündigtes Fan-Abo bei {actor} ist beendet",
        en: "Your cancelled fan subscription to {actor} has ended",
        es: "Tu suscripción de fan cancelada a {actor} ha terminado",
        pl: "Twoja anulowana subskrypcja fana u {actor} wygasła",
      },
    },
  },
});
export { renewDueSubscriptions, renewSubscription, scheduleFanRenewals, type RenewalRun } from "./renewals";
