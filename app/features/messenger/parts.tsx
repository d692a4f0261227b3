/**
 * Pieces both messenger pages use: times, the online status, the partner's avatar. A message's text is in
 * ./message-text.tsx, which only the conversation draws (ADR 168: the thread list carries none of it).
 */
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import { ONLINE_STATUS, ONLINE_STATUS_NAMES } from "#server/contract/online-status";
import type { MediaImage } from "#server/contract/media";
import { Picture } from "~/components/Picture";
import { HOME_ZONE, homeDayOf } from "~/utils/dates";
import * as css from "./messenger.css";

const LOCALES: Record<Language, string> = { de: "de-DE", en: "en-GB", es: "es-ES", pl: "pl-PL" };

/** One formatter per language, made on first use (making one costs tens of µs; a thread list formats many times). */
function perLanguage(options: Intl.DateTimeFormatOptions): (lang: Language) => Intl.DateTimeFormat {
  const made = new Map<Language, Intl.DateTimeFormat>();
  return (lang) => {
    let format = made.get(lang);
    if (!format) made.set(lang, (format = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: HOME_ZONE, ...options })));
    return format;
  };
}
const clockIn = perLanguage({ hour: "2-digit", minute: "2-digit" });
const dayMonthIn = perLanguage({ day: "numeric", month: "short" });

/** A message's moment in the site's home zone: the time today, else day and time. */
export function formatMessageTime(ms: number, lang: Language, now = Date.now()): string {
  const time = clockIn(lang).format(ms);
  if (homeDayOf(ms) === homeDayOf(now)) return time;
  return `${dayMonthIn(lang).format(ms)}, ${time}`;
}

export function OnlineStatus({ code }: { code: number }) {
  const { t } = useTranslation("messenger");
  const name = ONLINE_STATUS_NAMES[code] ?? "unknown";
  if (code === ONLINE_STATUS.none) return null;
  return (
    <span className={code === ONLINE_STATUS.available || code === ONLINE_STATUS.chatting ? css.online : css.status} data-online={name}>
      {t(`messenger.online.${name}`)}
    </span>
  );
}

export function Avatar({ image, name }: { image: MediaImage | null; name: string }) {
  if (!image)
    return (
      <span className={css.avatar} aria-hidden="true">
        {(name || "?").slice(0, 1).toUpperCase()}
      </span>
    );
  return (
    <span className={css.avatarBox}>
      <Picture image={image} alt="" sizes="48px" width={48} height={48} className={css.avatar} />
    </span>
  );
}
