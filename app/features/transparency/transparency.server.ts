/**
 * The transparency pages' loaders and actions (issue 30 item 4, ADRs 114, 115): the public report (about/transparency,
 * any visitor) with its JSON and CSV downloads, and the backend's page of trusted flaggers and report runs (everyone
 * else gets the 404 of a page that does not exist).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import {
  endTrustedFlaggerSchema,
  PERIOD_PATTERN,
  publishTransparencySchema,
  transparencyCsv,
  trustedFlaggerSchema,
} from "#server/contract/transparency";
import type { TransparencyReport } from "#server/contract/transparency";
import { createApiClient } from "~/api/client.server";
import * as transparency from "~/api/transparency.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { dataOf, notFound, requireBackend, titleOf } from "~/features/backoffice/backend.server";
import { localePath } from "~/i18n/lang";
import { i18nServer } from "~/i18n/i18next.server";
import { guestPage, GUEST_MAX_AGE } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const PUBLIC_HEADERS = guestPage(GUEST_MAX_AGE.page);

/** about/transparency[?period=2025]: the chosen published period, or the newest. */
export async function loadTransparencyPage({ request, context }: LoaderFunctionArgs) {
  const api = createApiClient({ request, context });
  const index = await transparency.fetchTransparencyIndex(api);
  if (!index.ok) throw new Response(null, { status: 503 });
  const wanted = new URL(request.url).searchParams.get("period");
  let report: TransparencyReport | null = index.data.latest;
  if (wanted && wanted !== report?.period) {
    const answer = PERIOD_PATTERN.test(wanted) ? await transparency.fetchTransparencyReport(api, wanted) : null;
    if (!answer?.ok) throw new Response(null, { status: 404 });
    report = answer.data;
  }
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("transparency.title", { ns: "transparency" }),
      description: t("transparency.description", { ns: "transparency" }),
      periods: index.data.periods,
      report,
    },
    { headers: PUBLIC_HEADERS },
  );
}

/** about/transparency/{period}.json and .csv: the machine-readable forms of one published report. */
export async function loadTransparencyDownload({ request, context, params }: LoaderFunctionArgs) {
  const match = /^(.+)\.(json|csv)$/.exec(params.file ?? "");
  if (!match || !PERIOD_PATTERN.test(match[1]!)) throw new Response(null, { status: 404 });
  const answer = await transparency.fetchTransparencyReport(createApiClient({ request, context }), match[1]!);
  if (!answer.ok) throw new Response(null, { status: answer.status === 404 ? 404 : 503 });
  const name = `velora-transparency-${answer.data.period}.${match[2]}`;
  const headers = { ...PUBLIC_HEADERS, "Content-Disposition": `attachment; filename="${name}"` };
  return match[2] === "json"
    ? new Response(JSON.stringify(answer.data, null, 2), { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } })
    : new Response(transparencyCsv(answer.data), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
}

/** backoffice/trusted-flaggers: the awards, the form to add one, and the report's runs. */
export async function loadTrustedFlaggers(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const api = createApiClient(args);
  const [flaggers, index] = await Promise.all([transparency.fetchTrustedFlaggers(api), transparency.fetchTransparencyIndex(api)]);
  const done = new URL(args.request.url).searchParams.get("done");
  return data(
    {
      title: await titleOf(args.request, "transparency", "transparency.flaggers.title"),
      flaggers: dataOf(flaggers).items,
      periods: dataOf(index).periods,
      done: done === "added" || done === "ended" || done === "published" ? (done as "added" | "ended" | "published") : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

const actionSchema = intentVariant({
  add: trustedFlaggerSchema,
  end: v.object({ id: rowIdField("exception.transparency.flagger_not_found"), ...endTrustedFlaggerSchema.entries }),
  publish: publishTransparencySchema,
});

export async function submitTrustedFlaggers(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const submission = await parseForm(args.request, actionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const value = submission.value;
  const api = createApiClient(args);
  const result =
    value.intent === "add"
      ? await transparency.addTrustedFlagger(api, value)
      : value.intent === "end"
        ? await transparency.endTrustedFlagger(api, value.id, value.reason)
        : await transparency.publishTransparency(api, value.period);
  if (!result.ok) {
    if (result.status === 403) throw notFound();
    return data(
      {
        lastResult: replyWithApiErrors(submission, result.errors, [
          "username",
          "organisation",
          "coordinator_reference",
          "starts_on",
          "ends_on",
          "period",
          "reason",
        ]),
      },
      { status: result.status === 409 ? 409 : 400, headers: PRIVATE_HEADERS },
    );
  }
  const done = value.intent === "add" ? "added" : value.intent === "end" ? "ended" : "published";
  throw redirect(`${localePath(lang, "backoffice/trusted-flaggers")}?done=${done}`, { headers: PRIVATE_HEADERS });
}
