/** join/benefits (G): plus membership for clients and escorts, and the escort rise-up (spec section 6). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { BenefitsRoutePage } from "~/features/registration/BenefitsPage";
import { BENEFITS_HEADERS, benefitsLoader } from "~/features/registration/benefits.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["registration", "plus"] };

// A function, not `benefitsLoader("plus")` at module level: the browser's copy of this module would call the
// server-only benefitsLoader (an empty module there) while loading, and the page would not hydrate.
export function loader(args: LoaderFunctionArgs) {
  return benefitsLoader("plus")(args);
}

export function headers() {
  return BENEFITS_HEADERS;
}

export const meta = metaFromLoader();

export default function PlusBenefitsPage() {
  return <BenefitsRoutePage kind="plus" />;
}
