/**
 * The sandbox's offline gazetteer (issue 31; 4-pix-part-two.md §2 Cash-vault search): the streets,
 * squares and landmarks of São Paulo and Rio de Janeiro the bank can place an address on, so the
 * vault search works with no network. A real bank calls a geocoder; this one reads a table.
 *
 * Data and source: public places of both cities, each with one representative point (a square's
 * centre, a point along the avenue's busiest stretch), rounded to 4 decimal places (about 10 m).
 * The positions are those the OpenStreetMap map shows for these places, © OpenStreetMap
 * contributors, available under the Open Database Licence 1.0
 * (https://www.openstreetmap.org/copyright, https://opendatacommons.org/licenses/odbl/1-0/); they
 * were written down by hand for the sandbox, not extracted by a query, and are approximate (within
 * about 100 m): enough to place a demo address and draw the map, never to navigate by. See
 * docs/domain-notes.md "Cash vaults".
 *
 * Matching: the address is folded (no accents, lower case, `/ . , -` as spaces, the usual
 * abbreviations spelt out: Av. → avenida, R. → rua, Pça → praca, Al. → alameda) and a place is found
 * when its folded name appears in it as whole words; the longest name wins. An address naming the
 * other city (São Paulo / SP, Rio de Janeiro / RJ) does not match a place of this one. A bare city,
 * neighbourhood or number is not placed: the address is incomplete.
 */

export type GazetteerCity = 'São Paulo' | 'Rio de Janeiro';

export interface GazetteerPlace {
  /** The place's name as written in an address. */
  name: string;
  /** Other ways of writing it (folded by `foldAddress` before matching). */
  aliases?: readonly string[];
  city: GazetteerCity;
  latitude: number;
  longitude: number;
}

const SP: GazetteerCity = 'São Paulo';
const RJ: GazetteerCity = 'Rio de Janeiro';

/** Every place the bank can find (source and licence above). */
export const GAZETTEER: readonly GazetteerPlace[] = [
  // São Paulo
  { name: 'Avenida Paulista', city: SP, latitude: -23.5614, longitude: -46.6558 },
  { name: 'Praça da Sé', city: SP, latitude: -23.5505, longitude: -46.6333 },
  { name: 'Rua Augusta', city: SP, latitude: -23.5553, longitude: -46.657 },
  {
    name: 'Rua Vinte e Cinco de Março',
    aliases: ['Rua 25 de Março'],
    city: SP,
    latitude: -23.544,
    longitude: -46.6318,
  },
  {
    name: 'Avenida Brigadeiro Faria Lima',
    aliases: ['Avenida Faria Lima'],
    city: SP,
    latitude: -23.578,
    longitude: -46.6868,
  },
  { name: 'Viaduto do Chá', city: SP, latitude: -23.5459, longitude: -46.6371 },
  { name: 'Praça da República', city: SP, latitude: -23.5434, longitude: -46.6426 },
  { name: 'Praça da Luz', aliases: ['Estação da Luz'], city: SP, latitude: -23.5347, longitude: -46.6353 },
  {
    name: 'Rua da Cantareira',
    aliases: ['Mercado Municipal de São Paulo'],
    city: SP,
    latitude: -23.5417,
    longitude: -46.6293,
  },
  {
    name: 'Avenida Pedro Álvares Cabral',
    aliases: ['Parque Ibirapuera'],
    city: SP,
    latitude: -23.5874,
    longitude: -46.6576,
  },
  { name: 'Rua Oscar Freire', city: SP, latitude: -23.5626, longitude: -46.67 },
  { name: 'Avenida Ipiranga', city: SP, latitude: -23.5428, longitude: -46.6419 },
  { name: 'Rua da Consolação', city: SP, latitude: -23.55, longitude: -46.649 },
  {
    name: 'Avenida Engenheiro Luís Carlos Berrini',
    aliases: ['Avenida Berrini'],
    city: SP,
    latitude: -23.6,
    longitude: -46.695,
  },
  { name: 'Praça Charles Miller', city: SP, latitude: -23.5475, longitude: -46.6652 },
  // Rio de Janeiro
  { name: 'Avenida Atlântica', city: RJ, latitude: -22.9671, longitude: -43.1787 },
  { name: 'Avenida Rio Branco', city: RJ, latitude: -22.9035, longitude: -43.177 },
  {
    name: 'Praça Quinze de Novembro',
    aliases: ['Praça XV de Novembro', 'Praça XV'],
    city: RJ,
    latitude: -22.9028,
    longitude: -43.1739,
  },
  { name: 'Rua Visconde de Pirajá', city: RJ, latitude: -22.9845, longitude: -43.2058 },
  { name: 'Praça Floriano', aliases: ['Cinelândia'], city: RJ, latitude: -22.9107, longitude: -43.1758 },
  { name: 'Avenida Presidente Vargas', city: RJ, latitude: -22.9043, longitude: -43.1856 },
  { name: 'Rua do Ouvidor', city: RJ, latitude: -22.9032, longitude: -43.1765 },
  {
    name: 'Avenida Presidente Castelo Branco',
    aliases: ['Estádio do Maracanã'],
    city: RJ,
    latitude: -22.9122,
    longitude: -43.2302,
  },
  { name: 'Rua Barata Ribeiro', city: RJ, latitude: -22.966, longitude: -43.186 },
  { name: 'Avenida Nossa Senhora de Copacabana', city: RJ, latitude: -22.968, longitude: -43.1845 },
  { name: 'Largo do Machado', city: RJ, latitude: -22.9311, longitude: -43.1782 },
  { name: 'Praia de Botafogo', city: RJ, latitude: -22.9465, longitude: -43.182 },
  { name: 'Avenida das Américas', city: RJ, latitude: -22.9996, longitude: -43.358 },
  { name: 'Rua Voluntários da Pátria', city: RJ, latitude: -22.9544, longitude: -43.1925 },
  { name: 'Praça Mauá', city: RJ, latitude: -22.8966, longitude: -43.1803 },
];

/** Abbreviations of Brazilian addresses, folded, and what they stand for. */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  av: 'avenida',
  r: 'rua',
  pca: 'praca',
  pc: 'praca',
  al: 'alameda',
  lgo: 'largo',
  vd: 'viaduto',
  est: 'estrada',
};

/** Words that name a city (folded, padded with spaces) and the city they name. */
const CITY_WORDS: readonly [string, GazetteerCity][] = [
  [' sao paulo sp ', SP],
  [' sao paulo ', SP],
  [' sp ', SP],
  [' rio de janeiro ', RJ],
  [' rj ', RJ],
];

/**
 * An address folded for matching: no accents, lower case, `/ . , -` and runs of spaces as one
 * space, abbreviations spelt out, padded with a space at each end (so a name matches whole words).
 */
export function foldAddress(address: string): string {
  const words = address
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[/.,\-\s]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => ABBREVIATIONS[w] ?? w);
  return ` ${words.join(' ')} `;
}

/** The cities an address names (by name or state), if any. */
function citiesNamed(folded: string, placeName: string): Set<GazetteerCity> {
  // A place's own name may hold a city's words ('Mercado Municipal de São Paulo'): not counted.
  const rest = folded.replace(placeName, ' ');
  return new Set(CITY_WORDS.filter(([words]) => rest.includes(words)).map(([, city]) => city));
}

/** The place an address is on, or undefined when the gazetteer cannot place it. */
export function placeAddress(address: string): GazetteerPlace | undefined {
  const folded = foldAddress(address);
  let best: { place: GazetteerPlace; length: number } | undefined;
  for (const place of GAZETTEER) {
    for (const written of [place.name, ...(place.aliases ?? [])]) {
      const name = foldAddress(written);
      if (!folded.includes(name)) continue;
      const cities = citiesNamed(folded, name);
      if (cities.size > 0 && !cities.has(place.city)) continue;
      if (!best || name.length > best.length) best = { place, length: name.length };
    }
  }
  return best?.place;
}

/** The Earth's mean radius R1 of GRS80 (docs/domain-notes.md "Cash vaults"). */
const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance between two points, in km (haversine, mean Earth radius). */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
