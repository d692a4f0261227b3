/**
 * What the city combobox does once a member uses it (ADR 174): the debounced, abortable suggestion requests, the
 * arrow keys, enter and escape, and a pick. Framework-free and a chunk of its own, fetched on the field's first
 * focus: CityCombobox keeps the markup (the input, its ARIA attributes and the listbox) and draws what `show` gives.
 */
import type { KeyboardEvent } from "react";
import { cityChoiceLabel, fetchCityChoices, movedOption, SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS, type CityChoice } from "./city-suggest";

/** What the listbox shows: the suggestions as labels, the one the arrow keys are on (-1: none), whether it is open. */
export interface SuggestView {
  labels: readonly string[];
  active: number;
  open: boolean;
}

export interface CitySuggester {
  /** The input's text changed. */
  suggest(text: string): void;
  keyDown(event: KeyboardEvent<HTMLInputElement>): void;
  /** The option at `index` was chosen with the pointer. */
  pickAt(index: number, input: HTMLInputElement): void;
  /** The field lost focus: close, and drop a request on its way (its answer must not reopen the list). */
  leave(): void;
  /** The field is gone: drop the wait and the request on its way. */
  stop(): void;
}

export function createCitySuggester({
  suggestPath,
  show,
  onPick,
}: {
  /** The language's city-suggest route. */
  suggestPath: string;
  show: (view: SuggestView) => void;
  onPick: (city: CityChoice) => void;
}): CitySuggester {
  let options: CityChoice[] = [];
  let active = -1;
  let open = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | null = null;

  const draw = () => show({ labels: options.map(cityChoiceLabel), active, open });
  const cancel = () => {
    clearTimeout(timer);
    pending?.abort();
  };
  const close = () => {
    open = false;
    active = -1;
    draw();
  };
  const pick = (city: CityChoice, input: HTMLInputElement) => {
    // A suggestion request still on its way must not reopen the list over the new page.
    cancel();
    input.value = city.name;
    close();
    onPick(city);
  };

  return {
    suggest(text) {
      cancel();
      if (text.trim().length < SUGGEST_MIN_CHARS) {
        options = [];
        close();
        return;
      }
      timer = setTimeout(() => {
        const controller = new AbortController();
        pending = controller;
        fetchCityChoices(suggestPath, text, controller.signal)
          .then((list) => {
            options = list;
            active = -1;
            open = list.length > 0;
            draw();
          })
          // Aborted or offline: the plain field still submits the typed name.
          .catch(() => undefined);
      }, SUGGEST_DEBOUNCE_MS);
    },
    keyDown(event) {
      const moved = movedOption(event.key, active, options.length);
      const chosen = open ? options[active] : undefined;
      if (moved !== null) {
        event.preventDefault();
        open = true;
        active = moved;
        draw();
      } else if (event.key === "Enter" && chosen) {
        event.preventDefault();
        pick(chosen, event.currentTarget);
      } else if (event.key === "Escape") {
        // A suggestion request on its way must not reopen the list the member just closed.
        if (open) event.preventDefault();
        cancel();
        close();
      }
    },
    pickAt(index, input) {
      const city = options[index];
      if (city) pick(city, input);
    },
    leave() {
      cancel();
      close();
    },
    stop: cancel,
  };
}
