import { getInputProps } from "~/components/form/form-binding";
import { CheckboxField, Field, type FieldProps } from "~/components/FieldControls";

export { Field, FormErrors, Honeypot, type FieldProps } from "~/components/FieldControls";

type FormFieldMetadata = Parameters<typeof getInputProps>[0];

/**
 * A Field bound to a conform field: the form's metadata gives the input its name, id, default value and aria
 * wiring, and the error line the field's errors. `id` and `errors`, when given, win (two forms on one page,
 * an error the server found on its own).
 */
export function FormField({
  field,
  type,
  id,
  errors,
  ...input
}: Omit<FieldProps, "name" | "type"> & { field: FormFieldMetadata; type: "text" | "email" | "password" | "tel" }) {
  // ariaAttributes off: Field describes the input by the hint and the error line it renders under its own id,
  // which conform's ids would miss (a page's own id, the hint).
  const bound = getInputProps(field, { type, ariaAttributes: false });
  return <Field {...input} {...bound} id={id ?? bound.id} name={field.name} errors={errors ?? field.errors} />;
}

/** A CheckboxField bound to a conform field the same way (checked state from the form's metadata). */
export function FormCheckboxField({ field, label }: { field: FormFieldMetadata; label: string }) {
  return (
    <CheckboxField
      label={label}
      {...getInputProps(field, { type: "checkbox", ariaAttributes: false })}
      name={field.name}
      errors={field.errors}
    />
  );
}
