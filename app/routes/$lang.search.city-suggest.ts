/**
 * Resource route for the search form's city combobox (JavaScript only):
 * ?q=… → [{ key, name, region }] from the search group's city lookup (app/api/search.server, at most 10,
 * biggest first). Without JavaScript the form sends the typed name and the
 * search page resolves it. Same answer for everyone: shared-cacheable. A plain
 * Response (not Remix data): only our script reads it.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createApiClient } from "~/api/client.server";
import { searchCities } from "~/api/search.server";
import type { CityChoice } from "~/components/search/CityCombobox";
import { GUEST_MAX_AGE, guestPage, noStore } from "~/utils/cache-headers";

const MAX_QUERY = 60;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY);
  if (q.length < 2) return Response.json([] satisfies CityChoice[], { headers: guestPage(GUEST_MAX_AGE.suggestions) });
  const api = createApiClient({ request, context });
  const result = await searchCities(api, { q });
  const cities: CityChoice[] = result.ok
    ? result.data.map((city) => ({ key: city.key, name: city.name, region: city.regionName ?? null }))
    : [];
  // A failed lookup is not cached: the next keystroke asks again.
  return Response.json(cities, { headers: result.ok ? guestPage(GUEST_MAX_AGE.suggestions) : noStore() });
}
