/** set_price (spec section 2 "set price", ADR 138). A thin adapter over app/features/set-price. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { loadSetPrice, submitSetPrice } from "~/features/set-price/set-price.server";
import { SetPricePage } from "~/features/set-price/SetPricePage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSetPrice(args);

export const action = (args: ActionFunctionArgs) => submitSetPrice(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default SetPricePage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
