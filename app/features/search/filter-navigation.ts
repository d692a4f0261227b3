/**
 * The search page's one navigation built in the browser: a city picked from the suggestions or the position from
 * "use my location", applied to what the form shows (section 4's update actions). It needs the search's URL mapping,
 * so it is a chunk loaded on its first use (ADR 168); the page's links come built from the loader.
 */
import { applyFilterAction, parseSearchParams, type FilterUpdate, type SearchUrlState } from "#server/contract/search-url";
import { hrefOf } from "~/components/search/links";

/** The form's current fields as a URL state (the page's state when there is no form). */
function formState(form: HTMLFormElement | null, fallback: SearchUrlState): SearchUrlState {
  if (!form) return fallback;
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
  return parseSearchParams(params);
}

/** The query string (`?…`) of the form's fields with `change` applied, page 1. */
export function filterHref(form: HTMLFormElement | null, fallback: SearchUrlState, change: FilterUpdate): string {
  return hrefOf(applyFilterAction(formState(form, fallback), change));
}
