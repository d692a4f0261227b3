/** The login form's schema, shared by the page (validation while typing) and the action. */
import * as v from "valibot";
import { loginSchema } from "#server/contract/validation";

export const loginFormSchema = v.object(
  {
    ...loginSchema.entries,
    keep_logged_in: v.optional(v.literal("on")),
    r: v.optional(v.string()),
  },
  "validation.required",
);
