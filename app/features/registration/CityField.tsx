/**
 * The required city of the profile step and the business basic step. The
 * search form's combobox (a plain text input without JavaScript, whose typed
 * name the API resolves) plus a hidden city_key: the suggestion picked, or
 * the stored city, so a name many places share keeps meaning the one chosen.
 * Typing clears the key; the API also ignores a key that no longer matches
 * the typed name (no JavaScript, or typing before hydration).
 */
import { useState, type FormEvent } from "react";
import { CityCombobox } from "~/components/search/CityCombobox";
import * as ui from "~/styles/ui.css";
import { StepErrorLine, valueOf, type FieldLike } from "./step-field";

export function CityField({ field, keyField, label, hint }: { field: FieldLike; keyField: FieldLike; label: string; hint: string }) {
  const [key, setKey] = useState(valueOf(keyField));
  const hasError = (field.errors?.length ?? 0) > 0;
  const clearOnTyping = (event: FormEvent<HTMLDivElement>) => {
    if ((event.target as HTMLInputElement).name === "city") setKey("");
  };
  return (
    <div onInput={clearOnTyping} data-field="city">
      <CityCombobox
        defaultValue={valueOf(field)}
        label={`${label} *`}
        describedBy={hasError ? "field-city-error field-city-hint" : "field-city-hint"}
        onPick={(city) => setKey(city.key)}
      />
      <input type="hidden" name="city_key" value={key} />
      <p id="field-city-hint" className={ui.muted}>
        {hint}
      </p>
      <StepErrorLine name="city" errors={field.errors} />
    </div>
  );
}
