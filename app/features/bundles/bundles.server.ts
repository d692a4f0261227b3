/**
 * Bundles in the web tier (issue 28 item 1, ADR 092): my_bundles (view_list), my_bundles/edit/{bundleId?} (the steps
 * creation_selection and creation_meta_info), the profile's bundles tab, bundle/{id} (the one confirmation before,
 * the media after the purchase), user/bundles and the back office's bundle queue. Plain forms that post to their own
 * page and redirect; every rule is the API's.
 */
import { loadStaffQueue } from "~/features/backoffice/staff-queue.server";
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { bundleInputSchema, bundleRejectSchema } from "#server/contract/bundles";
import {
  BUNDLE_LAYOUT_COOKIE,
  BUNDLE_MANAGE_STEPS,
  BUNDLE_MOBILE_LAYOUTS,
  bundlePaths,
  type BundleManageStep,
  type BundleMobileLayout,
} from "#server/contract/creators";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import { parseRowId } from "#server/contract/row-id";
import { moneyKeySchema } from "#server/contract/wallet";
import {
  actOnBundle,
  buyBundle,
  decideBundle,
  fetchBundle,
  fetchBundleQueue,
  fetchCreatorBundles,
  fetchMyBundle,
  fetchMyBundles,
  fetchPurchasedBundles,
  fetchSelectableMedia,
  saveBundle,
  type BundleOwnerAction,
} from "~/api/bundles.server";
import { createApiClient } from "~/api/client.server";
import { loadViewer, requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

async function idOrNotFound(request: Request, raw: string | undefined): Promise<number> {
  const id = parseRowId(raw);
  if (id === null) throw await notFoundResponse(request);
  return id;
}

// --- my_bundles (view_list) ---------------------------------------------------------------------------------

const isLayout = (value: string | null | undefined): value is BundleMobileLayout =>
  value !== null && value !== undefined && Object.hasOwn(BUNDLE_MOBILE_LAYOUTS, value);

function cookieValue(request: Request, name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(request.headers.get("Cookie") ?? "");
  return match ? decodeURIComponent(match[1]!) : null;
}

/** What my_bundles' notice says after a redirect (?done=…). */
const DONE = ["created", "saved", "publish", "activate", "deactivate", "delete"] as const;
type Done = (typeof DONE)[number];

/**
 * my_bundles: the creator's bundles with their status and actions. On phones a grid of 2 or a list of 1 (spec section
 * 3): the toggle is a link (?layout=grid|list), remembered in a cookie for the next visit.
 */
export async function loadMyBundles({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const url = new URL(request.url);
  const asked = url.searchParams.get("layout");
  const remembered = cookieValue(request, BUNDLE_LAYOUT_COOKIE);
  const layout: BundleMobileLayout = isLayout(asked) ? asked : isLayout(remembered) ? remembered : "grid";
  const list = await fetchMyBundles(createApiClient({ request, context }));
  if (!list.ok) unavailable(list.status);
  const t = await i18nServer.getFixedT(request);
  const headers = new Headers(PRIVATE_HEADERS);
  if (isLayout(asked) && asked !== remembered)
    headers.append("Set-Cookie", `${BUNDLE_LAYOUT_COOKIE}=${asked}; Path=/${lang}/my_bundles; Max-Age=31536000; SameSite=Lax; HttpOnly`);
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("bundle.mine.title", { ns: "bundle" }),
      lang,
      bundles: list.data.items,
      mayCreate: list.data.mayCreate,
      layout,
      done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
    },
    { headers },
  );
}

const ownerActionSchema = v.object({
  intent: v.picklist(["publish", "activate", "deactivate", "delete"] as const, "validation.invalid"),
  id: v.pipe(v.string("validation.invalid"), v.regex(/^[1-9]\d{0,9}$/, "validation.invalid"), v.transform(Number)),
});

/** The owner's actions on my_bundles (publish, activate, deactivate, delete): one button form each. */
export async function submitMyBundles({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, ownerActionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const action: BundleOwnerAction = submission.value.intent;
  const result = await actOnBundle(createApiClient({ request, context }), submission.value.id, action);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  throw redirect(`${bundlePaths.mine(lang)}?done=${action}`, { headers: PRIVATE_HEADERS });
}

// --- my_bundles/edit/{bundleId?} (creation_selection, creation_meta_info) ---------------------------------------

const isStep = (value: string | null): value is BundleManageStep => (BUNDLE_MANAGE_STEPS as readonly string[]).includes(value ?? "");

/**
 * The edit steps without JavaScript: creation_selection is a GET form of checkboxes whose answer is the next step's
 * address (?step=creation_meta_info&media=…), so nothing is stored until the last step saves the whole bundle.
 */
export async function loadBundleEdit({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const api = createApiClient({ request, context });
  const bundleId = params.bundleId === undefined ? null : await idOrNotFound(request, params.bundleId);
  const [selectable, bundle] = await Promise.all([
    fetchSelectableMedia(api),
    bundleId === null ? Promise.resolve(null) : fetchMyBundle(api, bundleId),
  ]);
  if (bundle && !bundle.ok) {
    if (bundle.status === 404) throw await notFoundResponse(request);
    unavailable(bundle.status);
  }
  const t = await i18nServer.getFixedT(request);
  const title = bundleId === null ? t("bundle.edit.title_new", { ns: "bundle" }) : t("bundle.edit.title_edit", { ns: "bundle" });
  if (!selectable.ok) {
    // A member who makes no bundles: the page says who can.
    if (selectable.status === 403) return data({ kind: "not_creator" as const, title, lang }, { headers: PRIVATE_HEADERS });
    unavailable(selectable.status);
  }
  const url = new URL(request.url);
  const chosen = url.searchParams
    .getAll("media")
    .map((raw) => parseRowId(raw))
    .filter((id): id is number => id !== null);
  const askedStep = url.searchParams.get("step");
  const current = bundle?.ok ? bundle.data : null;
  // The meta step needs a choice; arriving there without one sends the member back with the reason.
  const missingChoice = askedStep === "creation_meta_info" && chosen.length === 0;
  const step: BundleManageStep = isStep(askedStep) && askedStep !== "view_list" && !missingChoice ? askedStep : "creation_selection";
  return data(
    {
      kind: "edit" as const,
      title,
      lang,
      step,
      bundleId,
      bundle: current,
      media: selectable.data.items,
      // Selection: the media asked for (back from the meta step), else the bundle's own.
      chosen: chosen.length > 0 ? chosen : (current?.mediaIds ?? []),
      missingChoice,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The last step: saves the whole bundle (create a draft, or save an existing one) and returns to my_bundles. */
export async function submitBundleEdit({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const bundleId = params.bundleId === undefined ? null : await idOrNotFound(request, params.bundleId);
  const submission = await parseForm(request, bundleInputSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await saveBundle(createApiClient({ request, context }), bundleId, submission.value);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${bundlePaths.mine(lang)}?done=${bundleId === null ? "created" : "saved"}`, { headers: PRIVATE_HEADERS });
}

// --- p/{username}/bundles -------------------------------------------------------------------------------------

/** The profile's bundles tab: the creator's bundles on sale with blurred previews and prices (404: the tab's empty state). */
export async function loadProfileBundles({ request, context, params }: LoaderFunctionArgs) {
  const result = await fetchCreatorBundles(createApiClient({ request, context }), params.username ?? "");
  if (!result.ok && result.status !== 404) unavailable(result.status);
  return data({ bundles: result.ok ? result.data.items : [] }, { headers: PRIVATE_HEADERS });
}

// --- bundle/{id} ------------------------------------------------------------------------------------------------

/** bundle/{id}: the confirmation (price before, balance after) for a buyer, the media for an owner. */
export async function loadBundlePage({ request, context, params }: LoaderFunctionArgs) {
  const lang = langOf(params);
  const id = await idOrNotFound(request, params.id);
  const [result, viewer] = await Promise.all([fetchBundle(createApiClient({ request, context }), id), loadViewer(request, context)]);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    unavailable(result.status);
  }
  const url = new URL(request.url);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("bundle.buy.meta_title", { ns: "bundle", title: result.data.bundle.title }),
      lang,
      detail: result.data,
      signedIn: viewer !== null,
      bought: url.searchParams.get("bought") === "1",
      // The purchase's money key, new with every render: a double submit pays once.
      payKey: randomUUID(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The one confirmation: buys under the form's key, then shows the media (?bought=1); 402 links to buying dollars. */
export async function submitBundleBuy({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const id = await idOrNotFound(request, params.id);
  const submission = await parseForm(request, v.object({ key: moneyKeySchema }));
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(), insufficient: false }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await buyBundle(createApiClient({ request, context }), id, submission.value.key);
  if (result.ok) throw redirect(`${bundlePaths.bundle(lang, id)}?bought=1`, { headers: PRIVATE_HEADERS });
  if (result.status === 404) throw await notFoundResponse(request);
  return data(
    { lastResult: replyWithApiErrors(submission, result.errors), insufficient: result.status === 402 },
    { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
  );
}

// --- user/bundles -------------------------------------------------------------------------------------------

/** user/bundles (settings key "bundles"): the member's own bundles and the ones they bought. */
export async function loadSettingsBundles({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const [mine, purchased] = await Promise.all([fetchMyBundles(api), fetchPurchasedBundles(api)]);
  if (!mine.ok) unavailable(mine.status);
  if (!purchased.ok) unavailable(purchased.status);
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("bundle.settings.title", { ns: "bundle" }), lang: langOf(params), mine: mine.data, purchased: purchased.data.items },
    { headers: PRIVATE_HEADERS },
  );
}

// --- backoffice/bundles ---------------------------------------------------------------------------------------

export const loadBundleQueue = (args: LoaderFunctionArgs) =>
  loadStaffQueue(args, {
    permission: "queues.decide",
    fetch: fetchBundleQueue,
    title: { key: "bundle.backoffice.title", ns: "bundle" },
    done: ["accepted", "rejected"] as const,
    queue: "bundles",
  });

const decisionSchema = v.variant("intent", [
  v.object({
    intent: v.literal("accept"),
    id: v.pipe(v.string("validation.invalid"), v.regex(/^[1-9]\d{0,9}$/, "validation.invalid"), v.transform(Number)),
  }),
  v.object({
    intent: v.literal("reject"),
    id: v.pipe(v.string("validation.invalid"), v.regex(/^[1-9]\d{0,9}$/, "validation.invalid"), v.transform(Number)),
    reason: bundleRejectSchema.entries.reason,
  }),
]);

export async function submitBundleDecision({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, decisionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const result = await decideBundle(createApiClient({ request, context }), form.id, form.intent === "reject" ? form.reason : null);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  throw redirect(`${bundlePaths.backoffice(lang)}?done=${form.intent === "accept" ? "accepted" : "rejected"}`, {
    headers: PRIVATE_HEADERS,
  });
}
