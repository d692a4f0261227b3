/**
 * Transparency (issue 30 item 4, ADRs 114, 115): the DSA transparency report with the average monthly active
 * recipients (Arts. 15, 24), trusted flaggers (Art. 22) and the misuse rules (Art. 23).
 */
import { defineFeature, defineJob } from "../manifest";
import { checkContentMisuse, checkNoticeMisuse } from "./misuse";
import * as m0100 from "./migrations/0100_transparency";
import { runScheduledTransparency } from "./report";
import { registerTransparency } from "./routes";

export const manifest = defineFeature({
  name: "transparency",
  routes: registerTransparency,
  migrations: { "0100_transparency": m0100 },
  jobs: {
    /** The half-year's report (and in January the year's), the day after the half-year ended; enqueues the next. */
    "transparency.publish": defineJob<{ boundary: number }>((deps) => ({ run: (p) => runScheduledTransparency(deps, p.boundary) })),
    /** Art. 23(1): a new statement against the member's content; warn or suspend at the rule's numbers. */
    "misuse.check_content": defineJob<{ user_id: number }>((deps) => ({
      run: async (p) => void (await checkContentMisuse(deps, p.user_id)),
    })),
    /** Art. 23(2): a notice of the member decided manifestly unfounded; warn or suspend their notices. */
    "misuse.check_notices": defineJob<{ user_id: number }>((deps) => ({
      run: async (p) => void (await checkNoticeMisuse(deps, p.user_id)),
    })),
  },
  notifications: {
    misuse_warning: {
      kind: "moderation",
      contentType: "alert",
      stickiness: "long",
      title: {
        de: "Verwarnung: Bei weiteren Verstößen sperren wir dein Konto vorübergehend",
        en: "Warning: further violations will suspend your account for a time",
        es: "Advertencia: nuevas infracciones suspenderán tu cuenta temporalmente",
        pl: "Ostrzeżenie: kolejne naruszenia spowodują czasowe zawieszenie konta",
      },
    },
    misuse_suspended: {
      kind: "moderation",
      contentType: "alert",
      stickiness: "long",
      title: {
        de: "Dein Konto ist bis {until} eingeschränkt",
        en: "Your account is restricted until {until}",
        es: "Tu cuenta está restringida hasta el {until}",
        pl: "Twoje konto jest ograniczone do {until}",
      },
    },
  },
});
export { recordActiveMonth } from "./active";
export { endMisuseSuspension, enqueueNoticeMisuseCheck, refuseSuspendedAccount, refuseSuspendedNotifier } from "./misuse";
export { filedByTrustedFlagger } from "./flaggers";
export { scheduleTransparencyReports, computeTransparency } from "./report";
