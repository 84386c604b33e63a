/**
 * The vault map's tile server (4-pix-part-two.md §2 Cash-vault search; issue 31), read from the
 * build's configuration like src/runtime/config.ts but kept apart from it, so only /DepositVault
 * carries it (config.ts is in every page's first load):
 *
 * - `VITE_MAP_TILE_URL`: a URL template, http(s), with {z}, {x} and {y} in its path and {s} only as
 *   the host's first label (a CSP source can allow `*.` only there);
 * - `VITE_MAP_TILE_ATTRIBUTION`: the credit its provider asks for (HTML as Leaflet takes it).
 *
 * None by default: the map draws its markers and circle with no tiles and makes no request, and
 * the sandbox's CSP (sandbox/http/security-headers.ts tileOrigins, from the same variable) allows
 * no image origin but its own. A bad value fails loudly when the page loads, naming the variable.
 * Why no public tile server is the default (OpenStreetMap's tile usage policy): docs/domain-notes.md
 * "Cash vaults".
 */
import { ConfigError, type RawEnv } from './config';

/** A tile server for the vault map. */
export interface MapTiles {
  url: string;
  attribution: string;
}

/** The template's shape (see above). */
export const TILE_URL_TEMPLATE =
  /^https?:\/\/(\{s\}\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?\/(?=\S*\{z\})(?=\S*\{x\})(?=\S*\{y\})\S*$/i;

/** The tile server of an environment, or undefined when none is set (an empty value is none). */
export function loadMapTiles(env: RawEnv = {}): MapTiles | undefined {
  const url = String(env['VITE_MAP_TILE_URL'] ?? '').trim();
  if (url === '') return undefined;
  if (!TILE_URL_TEMPLATE.test(url))
    throw new ConfigError([
      `VITE_MAP_TILE_URL=${JSON.stringify(url)}: expected an http(s) template with {z}, {x} and {y} ({s} only as the first label of the host)`,
    ]);
  const attribution = String(env['VITE_MAP_TILE_ATTRIBUTION'] ?? '').trim();
  return Object.freeze({ url, attribution });
}

/** The tile server of this build, if any. */
export const mapTiles: MapTiles | undefined = loadMapTiles(import.meta.env as RawEnv);
