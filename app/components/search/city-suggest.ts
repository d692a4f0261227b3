/**
 * What both city autocompletes share (issue 25 item 11): the search page's React combobox (CityCombobox) and the
 * home page's quick search, which ships no framework (city-autocomplete.ts, a plain script). One wait, one minimum,
 * one request to the city-suggest resource route, one way to move through the list and to show a suggestion.
 * Imports nothing: the plain script stays small.
 */

/** One suggestion of the city-suggest resource route: the API's city suggestion, its region's name as `region`. */
export interface CityChoice {
  key: string;
  name: string;
  region: string | null;
}

export const SUGGEST_DEBOUNCE_MS = 200;
export const SUGGEST_MIN_CHARS = 2;

/** The suggestions for what was typed (none below the minimum); `suggestPath` is the language's city-suggest route. */
export async function fetchCityChoices(suggestPath: string, text: string, signal: AbortSignal): Promise<CityChoice[]> {
  const q = text.trim();
  if (q.length < SUGGEST_MIN_CHARS) return [];
  const response = await fetch(`${suggestPath}?q=${encodeURIComponent(q)}`, { signal, headers: { accept: "application/json" } });
  return response.ok ? ((await response.json()) as CityChoice[]) : [];
}

/** A suggestion as the list shows it: the city and, when known, its region. */
export const cityChoiceLabel = (city: CityChoice) => (city.region ? `${city.name}, ${city.region}` : city.name);

/** The option the arrow keys move to (wrapping around), or null for a key that does not move. */
export function movedOption(key: string, active: number, count: number): number | null {
  if (count === 0 || (key !== "ArrowDown" && key !== "ArrowUp")) return null;
  const step = key === "ArrowDown" ? 1 : -1;
  return (active + step + count) % count;
}
