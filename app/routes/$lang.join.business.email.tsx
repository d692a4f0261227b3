/** join/business/email: e-mail verification (see app/features/registration/email-verification.server.ts). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailVerificationPage } from "~/features/registration/EmailVerificationPage";
import { emailVerificationAction, emailVerificationLoader } from "~/features/registration/email-verification.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["registration"] };

export const loader = (args: LoaderFunctionArgs) => emailVerificationLoader(args, "business");
export const action = (args: ActionFunctionArgs) => emailVerificationAction(args, "business");

export function headers() {
  return { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };
}

export const meta = metaFromLoader({ noindex: true });

export default function EmailVerificationRoute() {
  return <EmailVerificationPage page={useLoaderData<typeof loader>()} action={useActionData<typeof action>()} />;
}
