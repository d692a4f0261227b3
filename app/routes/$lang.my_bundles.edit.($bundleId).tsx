/** my_bundles/edit/{bundleId?} (spec section 2, sensitive; issue 28 item 1): the bundle's steps. A thin adapter over app/features/bundles. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readReply } from "~/components/form/reply";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { loadBundleEdit, submitBundleEdit } from "~/features/bundles/bundles.server";
import { BundleEditPage } from "~/features/bundles/BundleEditPage";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["bundle"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBundleEdit(args);

export const action = (args: ActionFunctionArgs) => submitBundleEdit(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BundleEditRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("bundle");
  if (loaded.kind === "not_creator")
    return (
      <main className={ui.narrow}>
        <h1>{loaded.title}</h1>
        <p data-testid="bundles-creators-only">{t("bundle.mine.creators_only")}</p>
      </main>
    );
  // A refused save shows the meta step again with what was sent.
  return (
    <BundleEditPage {...loaded} step={answer ? "creation_meta_info" : loaded.step} reply={answer ? readReply(answer.lastResult) : null} />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
