import type { FormHTMLAttributes } from "react";

/**
 * A plain form's attributes: the method and an action already resolved to an absolute path — what Remix's
 * `useFormAction()` answers, computed once by a page that draws many forms (ADR 178) — nothing of the router's options.
 */
export type PlainFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "method" | "action"> & {
  method: "get" | "post";
  action: string;
};
