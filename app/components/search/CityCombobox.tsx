import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CitySuggestion } from "~/api/search.server";
import { useLocalePath } from "~/i18n/lang";
import * as css from "~/styles/search.css";
import * as ui from "~/styles/ui.css";

/** One suggestion of the city-suggest resource route: the API's city suggestion, its region's name as `region`. */
export type CityChoice = Pick<CitySuggestion, "key" | "name"> & { region: CitySuggestion["regionName"] };

const DEBOUNCE_MS = 200;
const MIN_CHARS = 2;

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

  function suggest(text: string) {
    clearTimeout(timer.current);
    pending.current?.abort();
    if (text.trim().length < MIN_CHARS) {
      setOptions([]);
      close();
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      fetch(`${to("search/city-suggest")}?q=${encodeURIComponent(text.trim())}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      })
        .then((res) => (res.ok ? (res.json() as Promise<CityChoice[]>) : []))
        .then((list) => {
          setOptions(list);
          setActive(-1);
          setOpen(list.length > 0);
        })
        // Aborted or offline: the plain field still submits the typed name.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
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
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Enter" && open && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active], event.currentTarget);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
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
              onBlur: close,
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
              {city.region ? `${city.name}, ${city.region}` : city.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
