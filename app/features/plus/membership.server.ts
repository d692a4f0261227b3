/** user/membership (issue 26, ADR 076): the member's plus contract, its actions, and the packages for non-members. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { createApiClient } from "~/api/client.server";
import { fetchPlusContract, fetchPlusPackages, undoCancelPlus } from "~/api/plus.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

export async function loadPlusMembership({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const [contract, packages] = await Promise.all([fetchPlusContract(api), fetchPlusPackages(api)]);
  if (!contract.ok) unavailable(contract.status);
  if (!packages.ok) unavailable(packages.status);
  const t = await i18nServer.getFixedT(request);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      title: t("settings.pages.membership.title"),
      state: contract.data,
      packages: packages.data.packages,
      done: done === "cancelled" || done === "undone" ? (done as "cancelled" | "undone") : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

const undoSchema = v.object({ intent: v.literal("undo") });

/** The page's one form: undo the cancellation (cancelling has its own page with the survey and the offer). */
export async function submitPlusMembership({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, undoSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await undoCancelPlus(createApiClient({ request, context }));
  if (!result.ok) return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: 409, headers: PRIVATE_HEADERS });
  throw redirect(`/${params.lang}/user/membership?done=undone`, { headers: PRIVATE_HEADERS });
}
