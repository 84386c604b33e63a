/**
 * The link of a vault's popup to a maps service (4-pix-part-two.md §2 Cash-vault search: 'a link
 * to a maps service'): OpenStreetMap's page with a marker at the vault. A link the holder follows
 * in a new tab; the portal itself fetches nothing from it. The URL's form (marker in the query, view
 * in the fragment): docs/domain-notes.md "Cash vaults".
 */
export function mapsLink(p: { latitude: number; longitude: number }): string {
  const lat = p.latitude.toFixed(5);
  const lon = p.longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}
