import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as css from "~/styles/search.css";
import * as ui from "~/styles/ui.css";
import type { CityChoice } from "./city-suggest";
import type { CitySuggester, SuggestView } from "./city-suggester";

export type { CityChoice } from "./city-suggest";

const CLOSED: SuggestView = { labels: [], active: -1, open: false };

/**
 * The city field. Without JavaScript a plain text input (the server resolves
 * the typed name); once hydrated, an ARIA 1.2 combobox with a listbox of
 * suggestions: up/down move, enter picks, escape closes. Requests are
 * debounced and the previous one is aborted, so slow phones do little work.
 * What it does when used (./city-suggester) comes on the field's first focus
 * (ADR 174); the roles and the listbox are there from hydration on.
 */
export function CityCombobox({
  defaultValue,
  label,
  describedBy,
  onPick,
}: {
  defaultValue: string;
  label: string;
  describedBy?: string;
  onPick: (city: CityChoice) => void;
}) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const id = useId();
  const listId = `${id}-list`;
  const inputId = `${id}-input`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [view, setView] = useState(CLOSED);
  const suggester = useRef<CitySuggester | null>(null);
  const loading = useRef(false);
  const picked = useRef(onPick);
  picked.current = onPick;

  useEffect(() => {
    setHydrated(true);
    // Focused before hydration (a tap on a slow phone): no focus event will come.
    if (inputRef.current === document.activeElement) wake();
    return () => suggester.current?.stop();
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function wake() {
    if (loading.current) return;
    loading.current = true;
    import("./city-suggester").then(
      ({ createCitySuggester }) => {
        suggester.current = createCitySuggester({
          suggestPath: to("search/city-suggest"),
          show: setView,
          onPick: (city) => picked.current(city),
        });
        // What was typed while the code was on its way.
        const input = inputRef.current;
        if (input && input === document.activeElement) suggester.current.suggest(input.value);
      },
      // Not loaded (offline, a new build): the plain field still submits the typed name; the next focus tries again.
      () => {
        loading.current = false;
      },
    );
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className={`${ui.field} ${css.combobox}`}>
      <label className={ui.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={ui.input}
        name="city"
        defaultValue={defaultValue}
        autoComplete={hydrated ? "off" : "address-level2"}
        aria-describedby={describedBy}
        {...(hydrated
          ? {
              role: "combobox",
              "aria-autocomplete": "list" as const,
              "aria-expanded": view.open,
              "aria-controls": listId,
              "aria-activedescendant": view.open && view.active >= 0 ? optionId(view.active) : undefined,
              onFocus: wake,
              onChange: (event: React.ChangeEvent<HTMLInputElement>) => suggester.current?.suggest(event.currentTarget.value),
              onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => suggester.current?.keyDown(event),
              onBlur: () => suggester.current?.leave(),
            }
          : {})}
      />
      {hydrated ? (
        <ul id={listId} role="listbox" aria-label={t("search.city_suggestions")} className={css.listbox} hidden={!view.open}>
          {view.labels.map((text, index) => (
            <li
              key={`${index}:${text}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === view.active}
              className={css.option}
              // mousedown, not click: it runs before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                if (inputRef.current) suggester.current?.pickAt(index, inputRef.current);
              }}
            >
              {text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
