/**
 * A form as the server renders it (issue 33 item 4, ADR 178): the very markup of Remix's `Form` for a resolved action,
 * without its per-form work on the server — `useSubmit`'s and `useFormAction`'s router hooks (the route matches
 * serialised per form to resolve "."), which buy nothing in a render that ends as HTML. The browser build leaves this
 * module empty, so there `./plain-form` hands out Remix's `Form`: hydration meets identical markup and submitting
 * works as before. tests/web/components/plain-form.test.tsx holds the markup equal to Remix's.
 */
import type { PlainFormProps } from "./plain-form-props";

export function ServerForm({ method, action, ...rest }: PlainFormProps) {
  // Remix's Form: method and action first, the caller's attributes, then data-discover (lazy route discovery).
  return <form method={method} action={action} {...rest} data-discover="true" />;
}
