/**
 * The dashboard's two charts (activity, and the creator's earnings over the same range), drawn on the server: markup
 * and range links only, so the page hydrates without their code (a server island, ADR 162).
 */
import type { DashboardCharts as Charts } from "#server/contract/dashboard";
import type { Language } from "#server/contract/locales";
import { ActivityChart } from "./ActivityChart";
import { EarningsChart } from "./EarningsChart";

export default function DashboardCharts({ data, lang, dashboardPath }: { data: Charts; lang: Language; dashboardPath: string }) {
  return (
    <>
      <ActivityChart charts={data} lang={lang} rangePath={(range) => `${dashboardPath}?range=${range}`} />
      {/* The creator's earnings per day over the same range (issue 28 item 6, ADR 095). */}
      <EarningsChart charts={data} lang={lang} />
    </>
  );
}
