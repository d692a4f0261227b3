/** KYC for payouts (issue 30 item 3, ADR 109): identity, age, the signed creator agreement, the sanctions/AML screening; reset and expiry by backend staff. */
import { defineFeature, defineJob } from "../manifest";
import { openKycHits } from "./office";
import * as m0097 from "./migrations/0097_kyc";
import { registerKyc } from "./routes";
import { expireScreening, retryScreening } from "./service";

export const manifest = defineFeature({
  name: "kyc",
  routes: registerKyc,
  migrations: { "0097_kyc": m0097 },
  jobs: {
    /** The AML provider did not answer: ask again (the runner's backoff, AML_RETRY_ATTEMPTS in all). */
    "kyc_screening.retry": defineJob<{ screening_id: number }>((deps) => ({
      run: (payload) => retryScreening(deps, payload.screening_id),
    })),
    /** A screening's AML_VALID_MONTHS ran out: waiting payouts are held, the member is told (ADR 109). */
    "kyc_screening.expire": defineJob<{ screening_id: number }>((deps) => ({
      run: (payload) => expireScreening(deps, payload.screening_id),
    })),
  },
  moderationQueues: {
    /** AML hits for backend staff (ADR 109). */
    kyc: { api: "/backoffice/kyc", title: "kyc.backoffice.title", open: openKycHits, permission: "kyc.manage" },
  },
  notifications: {
    kyc_complete: {
      kind: "moderation",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Deine Prüfung für Auszahlungen ist abgeschlossen – du kannst jetzt auszahlen",
        en: "Your payout check is complete – you can request payouts now",
        es: "Tu verificación para pagos está completa: ya puedes solicitar pagos",
        pl: "Twoja weryfikacja do wypłat jest zakończona – możesz teraz zlecać wypłaty",
      },
    },
    kyc_action_needed: {
      kind: "moderation",
      contentType: "alert",
      stickiness: "permanent",
      title: {
        de: "Deine Prüfung für Auszahlungen muss erneuert werden – sieh nach, was zu tun ist",
        en: "Your payout check needs renewing – see what to do",
        es: "Tu verificación para pagos debe renovarse: consulta qué hacer",
        pl: "Twoja weryfikacja do wypłat wymaga odnowienia – sprawdź, co zrobić",
      },
    },
  },
});
export { kycStateOf } from "./state";
export { assertKycComplete, payoutNotHeldSql } from "./holds";
