/**
 * /verification-file/{id}/{side}.jpg (contract/verification verificationFilePath): a check's photo, for staff only —
 * the API decides with the forwarded session; 404 for everyone else. Never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadCheckFile } from "~/features/verification/verification.server";

export const loader = (args: LoaderFunctionArgs) => loadCheckFile(args);
