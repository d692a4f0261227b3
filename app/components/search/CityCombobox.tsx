import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as css from "~/styles/search.css";
import * as ui from "~/styles/ui.css";
import { cityChoiceLabel, fetchCityChoices, movedOption, SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS, type CityChoice } from "./city-suggest";

export type { CityChoice } from "./city-suggest";

/**
 * The city field. Without JavaScript a plain text input (the server resolves
 * the typed name); once hydrated, an ARIA 1.2 combobox with a listbox of
 * suggestions: up/down move, enter picks, escape closes. Requests are
 * debounced and the previous one is aborted, so slow phones do little work.
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
  const [options, setOptions] = useState<CityChoice[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<AbortController | null>(null);

  useEffect(() => {
    setHydrated(true);
    return () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    };
  }, []);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** Leaving the field: close, and drop a suggestion request on its way (its answer must not reopen the list). */
  function leave() {
    clearTimeout(timer.current);
    pending.current?.abort();
    close();
  }

  function suggest(text: string) {
    clearTimeout(timer.current);
    pending.current?.abort();
    if (text.trim().length < SUGGEST_MIN_CHARS) {
      setOptions([]);
      close();
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      fetchCityChoices(to("search/city-suggest"), text, controller.signal)
        .then((list) => {
          setOptions(list);
          setActive(-1);
          setOpen(list.length > 0);
        })
        // Aborted or offline: the plain field still submits the typed name.
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
  }

  function pick(city: CityChoice, input: HTMLInputElement) {
    // A suggestion request still on its way must not reopen the list over the new page.
    clearTimeout(timer.current);
    pending.current?.abort();
    input.value = city.name;
    close();
    onPick(city);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moved = movedOption(event.key, active, options.length);
    if (moved !== null) {
      event.preventDefault();
      setOpen(true);
      setActive(moved);
    } else if (event.key === "Enter" && open && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active], event.currentTarget);
    } else if (event.key === "Escape") {
      // A suggestion request on its way must not reopen the list the member just closed.
      if (open) event.preventDefault();
      leave();
    }
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
              "aria-expanded": open,
              "aria-controls": listId,
              "aria-activedescendant": open && active >= 0 ? optionId(active) : undefined,
              onChange: (event: React.ChangeEvent<HTMLInputElement>) => suggest(event.currentTarget.value),
              onKeyDown,
              onBlur: leave,
            }
          : {})}
      />
      {hydrated ? (
        <ul id={listId} role="listbox" aria-label={t("search.city_suggestions")} className={css.listbox} hidden={!open}>
          {options.map((city, index) => (
            <li
              key={city.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={css.option}
              // mousedown, not click: it runs before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                if (inputRef.current) pick(city, inputRef.current);
              }}
            >
              {cityChoiceLabel(city)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
