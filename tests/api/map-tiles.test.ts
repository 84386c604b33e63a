/** src/runtime/map-tiles.ts: the vault map's tile server from VITE_MAP_TILE_URL (issue 31). */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/runtime/config';
import { loadMapTiles, mapTiles } from '../../src/runtime/map-tiles';

describe('map tiles', () => {
  it('none by default, and none in the test build: the map works offline', () => {
    expect(loadMapTiles({})).toBeUndefined();
    expect(loadMapTiles({ VITE_MAP_TILE_URL: '  ' })).toBeUndefined();
    expect(loadMapTiles({ VITE_MAP_TILE_ATTRIBUTION: 'sem servidor' })).toBeUndefined();
    expect(mapTiles).toBeUndefined();
  });

  it('reads a template and its attribution', () => {
    expect(
      loadMapTiles({
        VITE_MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
        VITE_MAP_TILE_ATTRIBUTION: '© colaboradores do OpenStreetMap',
      }),
    ).toEqual({
      url: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© colaboradores do OpenStreetMap',
    });
    expect(loadMapTiles({ VITE_MAP_TILE_URL: 'http://localhost:8081/tiles/{z}/{y}/{x}.png' })?.url).toBe(
      'http://localhost:8081/tiles/{z}/{y}/{x}.png',
    );
  });

  it('refuses a template CSP cannot allow or Leaflet cannot fill, naming the variable', () => {
    for (const url of [
      'https://tiles.example.com/map.png',
      'https://tiles{s}.example.com/{z}/{x}/{y}.png',
      'ftp://tiles.example.com/{z}/{x}/{y}.png',
      'tiles.example.com/{z}/{x}/{y}.png',
    ])
      expect(() => loadMapTiles({ VITE_MAP_TILE_URL: url }), url).toThrow(ConfigError);
    expect(() => loadMapTiles({ VITE_MAP_TILE_URL: 'x' })).toThrow(/VITE_MAP_TILE_URL/);
  });
});
