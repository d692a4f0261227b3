/**
 * The city autocomplete of a page without hydration (issue 25 item 11: the home page's quick search), shipped as
 * public/scripts/city-autocomplete.js (ADR 065). The same combobox as the search page's React one (CityCombobox),
 * on the same shared pieces (city-suggest.ts): an ARIA 1.2 combobox with a listbox of suggestions; up/down move,
 * enter picks, escape closes; requests debounced, the previous one aborted. Progressive enhancement of a plain text
 * field (`data-city-autocomplete`, `data-suggest-path`, `data-list-label`): without JavaScript, or on any failure,
 * the form sends the typed name and the search page resolves it.
 *
 * A picked city is sent by its key, as the search page's combobox does: the field keeps showing the name and gives
 * its `name` to a hidden field with the key; typing again takes it back.
 */
import { cityChoiceLabel, fetchCityChoices, movedOption, SUGGEST_DEBOUNCE_MS, type CityChoice } from "./city-suggest";

export function startCityAutocomplete(doc: Document): void {
  for (const input of doc.querySelectorAll<HTMLInputElement>("input[data-city-autocomplete]")) enhance(doc, input);
}

function enhance(doc: Document, input: HTMLInputElement): void {
  const suggestPath = input.dataset.suggestPath;
  const container = input.parentElement;
  if (!suggestPath || !container || !input.id) return;
  const fieldName = input.name;
  const listId = `${input.id}-list`;
  const list = doc.createElement("ul");
  list.id = listId;
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", input.dataset.listLabel ?? "");
  list.className = input.dataset.listClass ?? "";
  list.hidden = true;
  container.appendChild(list);

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", listId);
  input.autocomplete = "off";

  let options: CityChoice[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | null = null;
  let hidden: HTMLInputElement | null = null;
  const optionId = (index: number) => `${input.id}-option-${index}`;

  const render = () => {
    list.replaceChildren(
      ...options.map((city, index) => {
        const item = doc.createElement("li");
        item.id = optionId(index);
        item.setAttribute("role", "option");
        item.setAttribute("aria-selected", String(index === active));
        item.className = input.dataset.optionClass ?? "";
        item.textContent = cityChoiceLabel(city);
        // mousedown, not click: it runs before the field's blur closes the list.
        item.addEventListener("mousedown", (event) => {
          event.preventDefault();
          pick(city);
        });
        return item;
      }),
    );
    if (active >= 0) input.setAttribute("aria-activedescendant", optionId(active));
    else input.removeAttribute("aria-activedescendant");
  };
  const open = (show: boolean) => {
    list.hidden = !show;
    input.setAttribute("aria-expanded", String(show));
  };
  const close = () => {
    active = -1;
    open(false);
    render();
  };
  const stop = () => {
    clearTimeout(timer);
    pending?.abort();
  };
  /** The typed text is sent again under the field's own name (a picked key no longer stands). */
  const unpick = () => {
    if (!hidden) return;
    hidden.remove();
    hidden = null;
    input.name = fieldName;
  };
  const pick = (city: CityChoice) => {
    // A suggestion request still on its way must not reopen the list.
    stop();
    input.value = city.name;
    unpick();
    hidden = doc.createElement("input");
    hidden.type = "hidden";
    hidden.name = fieldName;
    hidden.value = city.key;
    input.after(hidden);
    input.removeAttribute("name");
    close();
  };

  input.addEventListener("input", () => {
    unpick();
    stop();
    timer = setTimeout(() => {
      const controller = new AbortController();
      pending = controller;
      fetchCityChoices(suggestPath, input.value, controller.signal)
        .then((found) => {
          options = found;
          active = -1;
          render();
          open(found.length > 0);
        })
        // Aborted or offline: the plain field still sends the typed name.
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
  });
  input.addEventListener("keydown", (event) => {
    const moved = movedOption(event.key, active, options.length);
    if (moved !== null) {
      event.preventDefault();
      active = moved;
      open(true);
      render();
    } else if (event.key === "Enter" && !list.hidden && active >= 0) {
      const city = options[active];
      if (!city) return;
      event.preventDefault();
      pick(city);
    } else if (event.key === "Escape") {
      // A suggestion request on its way must not reopen the list the member just closed (as CityCombobox).
      stop();
      if (list.hidden) return;
      event.preventDefault();
      close();
    }
  });
  // Leaving the field also drops a suggestion request on its way: its answer must not reopen the list over the form.
  input.addEventListener("blur", () => {
    stop();
    close();
  });
}
