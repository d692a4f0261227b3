import * as ui from "~/styles/ui.css";

/**
 * The line under a field that carries its error (or stays empty, keeping the layout still): the one
 * error line of every form (issue 8 item 2). `message` is already translated.
 */
export function ErrorLine({ name, id = `field-${name}-error`, message }: { name: string; id?: string; message?: string }) {
  return (
    <p id={id} className={ui.fieldError} data-field-error={name} aria-live="polite">
      {message ?? ""}
    </p>
  );
}
