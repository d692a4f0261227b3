// public/scripts/city-autocomplete.js: the home page's quick search suggests cities (app/components/search/city-autocomplete.ts).
import { startCityAutocomplete } from "~/components/search/city-autocomplete";

startCityAutocomplete(document);
