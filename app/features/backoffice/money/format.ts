/** Money and moments on the money pages, in the page's language (euro cents; times in the home zone). */
import { centsToEuroText } from "#server/contract/accounting";
import { formatAmount } from "#server/contract/prices";
import { formatCalendarDate, formatHomeMoment } from "~/utils/dates";
import { useLang } from "~/i18n/lang";

export function useMoneyFormat() {
  const lang = useLang();
  return {
    euros: (cents: number) => formatAmount({ currency: "EUR", amount: cents }, lang),
    /** Cents as a form field's text, with the language's decimal mark ("29,90"; the parser takes both). */
    euroInput: (cents: number) => (lang === "en" ? centsToEuroText(cents) : centsToEuroText(cents).replace(".", ",")),
    moment: (ms: number) => formatHomeMoment(ms, lang),
    day: (isoDay: string) => formatCalendarDate(isoDay, lang),
    percent: (basisPoints: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(basisPoints / 100) + " %",
  };
}
