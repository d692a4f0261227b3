/** join/business/email: e-mail verification (see app/features/join/email-verification.server.ts). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { EmailVerificationPage } from "~/features/join/EmailVerificationPage";
import { emailVerificationAction, emailVerificationLoader } from "~/features/join/email-verification.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["join"] };

export const loader = (args: LoaderFunctionArgs) => emailVerificationLoader(args, "business");
export const action = (args: ActionFunctionArgs) => emailVerificationAction(args, "business");

export function headers() {
  return { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };
}

export const meta = metaFromLoader({ noindex: true });

export default function EmailVerificationRoute() {
  return <EmailVerificationPage page={useLoaderData<typeof loader>()} action={useActionData<typeof action>()} />;
}
