/**
 * Forms of pages that draw many (the messenger's thread list, ADR 178) or that the server renders on every view (the
 * dashboard): on the server `./plain-form.server`'s plain `<form>`, in the browser (where that module is empty) Remix's
 * `Form` with the same resolved action. Same markup either way; with JavaScript a submit is Remix's, without it the
 * browser's.
 */
import { Form } from "@remix-run/react";
import type { ComponentType } from "react";
import type { PlainFormProps } from "./plain-form-props";
import * as onServer from "./plain-form.server";

export const PlainForm: ComponentType<PlainFormProps> = onServer.ServerForm ?? Form;
