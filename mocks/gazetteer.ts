import { isCountryCode } from '../src/lib/countries';

/**
 * The mock platform's gazetteer: real cities of the countries a sign-up is most likely to name,
 * with the name the platform writes, the other names people type (exonyms, the other official
 * language) and the city centre. It answers the sign-up's city checks (handlers/registration.ts)
 * and places a new store on the map.
 *
 * - `findCity` matches without case, accents, punctuation or extra spaces: "valencia",
 *   "VALÈNCIA " and "Valencia" are all València; "la coruna" is A Coruña; "lisbon" is Lisboa.
 * - A country of the console's list (src/lib/countries.ts) the gazetteer has no cities for is
 *   known but holds no valid city; a code not on the list is the caller's 400.
 * - `isServed`: the platform operates in the scenarios' cities (València, Madrid, Barcelona) and a
 *   handful more in Spain and Portugal; anywhere else is a valid city it does not serve yet.
 *
 * Coordinates are city centres, to four or five decimals: good for a map's first view, not for a
 * door (the new store's position is a stable spot near its centre, registration.ts).
 */
export interface City {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** As the platform writes it (the local official name). */
  name: string;
  /** Other names that mean this city ("Valencia", "Seville", "Donostia"). */
  aliases: readonly string[];
  lat: number;
  lon: number;
  /** The country's capital: the fallback position for a city the gazetteer no longer lists. */
  capital?: true;
}

type Row = readonly [name: string, lat: number, lon: number, aliases?: readonly string[]];

/** Per country, capital first. */
const ROWS: Readonly<Record<string, readonly Row[]>> = {
  ES: [
    ['Madrid', 40.4168, -3.7038],
    ['Barcelona', 41.3874, 2.1686],
    ['València', 39.4699, -0.3763, ['Valencia']],
    ['Sevilla', 37.3891, -5.9845, ['Seville']],
    ['Zaragoza', 41.6488, -0.8891, ['Saragossa']],
    ['Málaga', 36.7213, -4.4214],
    ['Murcia', 37.9922, -1.1307],
    ['Palma', 39.5696, 2.6502, ['Palma de Mallorca']],
    ['Las Palmas de Gran Canaria', 28.1235, -15.4363, ['Las Palmas']],
    ['Santa Cruz de Tenerife', 28.4636, -16.2518],
    ['Bilbao', 43.263, -2.935, ['Bilbo']],
    ['Alicante', 38.3452, -0.481, ['Alacant']],
    ['Córdoba', 37.8882, -4.7794],
    ['Valladolid', 41.6523, -4.7245],
    ['Vigo', 42.2406, -8.7207],
    ['Gijón', 43.5322, -5.6611, ['Xixón']],
    ['A Coruña', 43.3623, -8.4115, ['La Coruña', 'Coruña']],
    ['Granada', 37.1773, -3.5986],
    ['Vitoria-Gasteiz', 42.8467, -2.6716, ['Vitoria', 'Gasteiz']],
    ['Oviedo', 43.3614, -5.8493],
    ['Pamplona', 42.8125, -1.6458, ['Iruña', 'Iruña-Pamplona']],
    ['Donostia-San Sebastián', 43.3183, -1.9812, ['San Sebastián', 'Donostia']],
    ['Santander', 43.4623, -3.8099],
    ['Salamanca', 40.9701, -5.6635],
    ['Girona', 41.9794, 2.8214, ['Gerona']],
    ['Tarragona', 41.1189, 1.2445],
    ['Castelló de la Plana', 39.9864, -0.0513, ['Castellón de la Plana', 'Castellón', 'Castelló']],
    ['Toledo', 39.8628, -4.0273],
    ['Cádiz', 36.5271, -6.2886],
    ['Santiago de Compostela', 42.8782, -8.5448, ['Santiago']],
    ['Burgos', 42.3439, -3.6969],
    ['Logroño', 42.4627, -2.445],
    ['Almería', 36.834, -2.4637],
    ['Gandia', 38.968, -0.181, ['Gandía']],
    ['Sagunt', 39.6797, -0.2784, ['Sagunto']],
    ['Torrent', 39.4371, -0.4655, ['Torrente']],
    ['Alcalá de Henares', 40.4818, -3.3643],
    ['Getafe', 40.3057, -3.7329],
    ["L'Hospitalet de Llobregat", 41.3597, 2.0999, ['Hospitalet de Llobregat', "L'Hospitalet"]],
    ['Badalona', 41.45, 2.2474],
    ['Sabadell', 41.5463, 2.1086],
    ['Terrassa', 41.561, 2.0089, ['Tarrasa']],
  ],
  PT: [
    ['Lisboa', 38.7223, -9.1393, ['Lisbon']],
    ['Porto', 41.1579, -8.6291, ['Oporto']],
    ['Vila Nova de Gaia', 41.1239, -8.6118, ['Gaia']],
    ['Braga', 41.5454, -8.4265],
    ['Coimbra', 40.2033, -8.4103],
    ['Faro', 37.0194, -7.9322],
    ['Aveiro', 40.6405, -8.6538],
    ['Setúbal', 38.5244, -8.8882],
    ['Funchal', 32.6669, -16.9241],
    ['Évora', 38.5714, -7.9135],
    ['Guimarães', 41.4425, -8.2918],
    ['Viseu', 40.6566, -7.9125],
    ['Leiria', 39.7436, -8.8071],
    ['Cascais', 38.6979, -9.4215],
    ['Sintra', 38.8029, -9.3817],
    ['Amadora', 38.7538, -9.2308],
  ],
  AD: [
    ['Andorra la Vella', 42.5063, 1.5218, ['Andorra la Vieja', 'Andorra']],
    ['Escaldes-Engordany', 42.51, 1.5387, ['Les Escaldes']],
  ],
  FR: [
    ['Paris', 48.8566, 2.3522, ['París', 'Parigi']],
    ['Marseille', 43.2965, 5.3698, ['Marseilles', 'Marsella']],
    ['Lyon', 45.764, 4.8357, ['Lyons', 'Lión']],
    ['Toulouse', 43.6047, 1.4442, ['Tolosa']],
    ['Nice', 43.7102, 7.262, ['Niza', 'Nizza']],
    ['Nantes', 47.2184, -1.5536],
    ['Strasbourg', 48.5734, 7.7521, ['Estrasburgo', 'Strasburg']],
    ['Montpellier', 43.6108, 3.8767],
    ['Bordeaux', 44.8378, -0.5792, ['Burdeos']],
    ['Lille', 50.6292, 3.0573],
    ['Rennes', 48.1173, -1.6778],
    ['Perpignan', 42.6887, 2.8948, ['Perpiñán', 'Perpinyà']],
    ['Grenoble', 45.1885, 5.7245],
    ['Nîmes', 43.8367, 4.3601],
  ],
  IT: [
    ['Roma', 41.9028, 12.4964, ['Rome']],
    ['Milano', 45.4642, 9.19, ['Milan', 'Milán']],
    ['Napoli', 40.8518, 14.2681, ['Naples', 'Nápoles']],
    ['Torino', 45.0703, 7.6869, ['Turin', 'Turín']],
    ['Palermo', 38.1157, 13.3615],
    ['Genova', 44.4056, 8.9463, ['Genoa', 'Génova']],
    ['Bologna', 44.4949, 11.3426, ['Bolonia']],
    ['Firenze', 43.7696, 11.2558, ['Florence', 'Florencia']],
    ['Bari', 41.1171, 16.8719],
    ['Venezia', 45.4408, 12.3155, ['Venice', 'Venecia']],
    ['Verona', 45.4384, 10.9916],
    ['Catania', 37.5079, 15.083],
    ['Padova', 45.4064, 11.8768, ['Padua']],
  ],
  DE: [
    ['Berlin', 52.52, 13.405, ['Berlín']],
    ['Hamburg', 53.5511, 9.9937, ['Hamburgo']],
    ['München', 48.1351, 11.582, ['Munich', 'Múnich', 'Muenchen']],
    ['Köln', 50.9375, 6.9603, ['Cologne', 'Colonia', 'Koeln']],
    ['Frankfurt am Main', 50.1109, 8.6821, ['Frankfurt', 'Fráncfort']],
    ['Stuttgart', 48.7758, 9.1829],
    ['Düsseldorf', 51.2277, 6.7735, ['Duesseldorf']],
    ['Leipzig', 51.3397, 12.3731],
    ['Dortmund', 51.5136, 7.4653],
    ['Essen', 51.4556, 7.0116],
    ['Bremen', 53.0793, 8.8017],
    ['Dresden', 51.0504, 13.7373, ['Dresde']],
    ['Hannover', 52.3759, 9.732, ['Hanover']],
    ['Nürnberg', 49.4521, 11.0767, ['Nuremberg', 'Núremberg', 'Nuernberg']],
  ],
  NL: [
    ['Amsterdam', 52.3676, 4.9041, ['Ámsterdam']],
    ['Rotterdam', 51.9244, 4.4777, ['Róterdam']],
    ['Den Haag', 52.0705, 4.3007, ['The Hague', "'s-Gravenhage", 'La Haya']],
    ['Utrecht', 52.0907, 5.1214],
    ['Eindhoven', 51.4416, 5.4697],
    ['Groningen', 53.2194, 6.5665],
  ],
  BE: [
    ['Bruxelles', 50.8503, 4.3517, ['Brussels', 'Brussel', 'Bruselas']],
    ['Antwerpen', 51.2194, 4.4025, ['Antwerp', 'Anvers', 'Amberes']],
    ['Gent', 51.0543, 3.7174, ['Ghent', 'Gand', 'Gante']],
    ['Liège', 50.6326, 5.5797, ['Luik', 'Lieja']],
    ['Brugge', 51.2093, 3.2247, ['Bruges', 'Brujas']],
  ],
  IE: [
    ['Dublin', 53.3498, -6.2603, ['Baile Átha Cliath', 'Dublín']],
    ['Cork', 51.8985, -8.4756],
    ['Galway', 53.2707, -9.0568],
    ['Limerick', 52.6638, -8.6267],
  ],
  GB: [
    ['London', 51.5072, -0.1276, ['Londres']],
    ['Birmingham', 52.4862, -1.8904],
    ['Manchester', 53.4808, -2.2426],
    ['Glasgow', 55.8642, -4.2518],
    ['Liverpool', 53.4084, -2.9916],
    ['Leeds', 53.8008, -1.5491],
    ['Edinburgh', 55.9533, -3.1883, ['Edimburgo']],
    ['Bristol', 51.4545, -2.5879],
    ['Cardiff', 51.4816, -3.1791, ['Caerdydd']],
    ['Belfast', 54.5973, -5.9301],
    ['Sheffield', 53.3811, -1.4701],
    ['Newcastle upon Tyne', 54.9783, -1.6178, ['Newcastle']],
    ['Nottingham', 52.9548, -1.1581],
    ['Oxford', 51.752, -1.2577],
    ['Cambridge', 52.2053, 0.1218],
  ],
  US: [
    ['Washington', 38.9072, -77.0369, ['Washington DC', 'Washington D.C.']],
    ['New York', 40.7128, -74.006, ['New York City', 'NYC', 'Nueva York']],
    ['Los Angeles', 34.0522, -118.2437, ['LA', 'Los Ángeles']],
    ['Chicago', 41.8781, -87.6298],
    ['Houston', 29.7604, -95.3698],
    ['Phoenix', 33.4484, -112.074],
    ['Philadelphia', 39.9526, -75.1652, ['Filadelfia']],
    ['San Antonio', 29.4241, -98.4936],
    ['San Diego', 32.7157, -117.1611],
    ['Dallas', 32.7767, -96.797],
    ['San Francisco', 37.7749, -122.4194],
    ['Seattle', 47.6062, -122.3321],
    ['Boston', 42.3601, -71.0589],
    ['Miami', 25.7617, -80.1918],
    ['Austin', 30.2672, -97.7431],
  ],
  MX: [
    ['Ciudad de México', 19.4326, -99.1332, ['Mexico City', 'CDMX', 'México', 'Mexico']],
    ['Guadalajara', 20.6597, -103.3496],
    ['Monterrey', 25.6866, -100.3161],
    ['Puebla', 19.0414, -98.2063],
    ['Tijuana', 32.5149, -117.0382],
    ['Cancún', 21.1619, -86.8515],
  ],
};

/** The cities the platform operates in: the scenarios' (València, Madrid, Barcelona) and a few more. */
const SERVED: Readonly<Record<string, readonly string[]>> = {
  ES: ['Madrid', 'Barcelona', 'València', 'Sevilla', 'Málaga', 'Zaragoza', 'Bilbao', 'Alicante', "L'Hospitalet de Llobregat", 'Badalona'],
  PT: ['Lisboa', 'Porto', 'Vila Nova de Gaia'],
};

/**
 * A place name folded for comparison: lower case, no accents, letters and digits only, single
 * spaces ("  L'Hospitalet  de Llobregat" → "l hospitalet de llobregat").
 */
export function foldPlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, ' ')
    .trim();
}

const cities: ReadonlyMap<string, readonly City[]> = new Map(
  Object.entries(ROWS).map(([country, rows]) => [
    country,
    rows.map(([name, lat, lon, aliases = []], index): City => ({ country, name, aliases, lat, lon, ...(index === 0 ? { capital: true as const } : {}) })),
  ]),
);

/** Folded name or alias → city, per country. */
const index: ReadonlyMap<string, ReadonlyMap<string, City>> = new Map(
  [...cities].map(([country, list]) => [country, new Map(list.flatMap((city) => [city.name, ...city.aliases].map((name) => [foldPlaceName(name), city] as const)))]),
);

/** A two-letter code of the console's country list, upper-cased; undefined when it is not one. */
export function countryCode(code: string): string | undefined {
  const upper = code.trim().toUpperCase();
  return isCountryCode(upper) ? upper : undefined;
}

/** The city `text` names in `country` (a code of the list, upper case), if the gazetteer knows it. */
export function findCity(country: string, text: string): City | undefined {
  return index.get(country)?.get(foldPlaceName(text));
}

/** The country's capital (its first city), for a position when the city is unknown. */
export function capitalOf(country: string): City | undefined {
  return cities.get(country)?.[0];
}

/** Does the platform operate in this city? */
export function isServed(city: City): boolean {
  return (SERVED[city.country] ?? []).includes(city.name);
}

/** Every city the platform operates in (for docs and tests). */
export function servedCities(): City[] {
  return Object.entries(SERVED).flatMap(([country, names]) => names.map((name) => findCity(country, name)).filter((city): city is City => city !== undefined));
}

/** The countries the gazetteer has cities for. */
export const gazetteerCountries: readonly string[] = [...cities.keys()];
