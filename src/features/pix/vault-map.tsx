/**
 * The vault map of /DepositVault's step 2 (4-pix-part-two.md §2 Cash-vault search, §9 Vault map
 * zoom, Radius circle; issue 31), loaded only when a search has found vaults: leaflet and
 * react-leaflet are in this chunk, not in the page's (scripts/bundle-budget.ts).
 *
 * It works offline: the markers are inline SVG (divIcon), never leaflet's default PNG, and the
 * circle is SVG; tiles are drawn only when the build names a tile server (src/runtime/map-tiles.ts, whose
 * origin is the one image origin the CSP allows). With none, no request leaves the origin.
 */
import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import { useTranslation } from 'react-i18next';
import {
  AttributionControl,
  Circle,
  MapContainer,
  Marker,
  Popup,
  TileLayer,
  ZoomControl,
} from 'react-leaflet';
import styled, { useTheme } from 'styled-components';
import {
  METRES_PER_RADIUS_UNIT,
  VAULT_MAP_ZOOM,
  type VaultSearchResult,
} from '../../../machines/pix/deposit-vault.machine';
import { formatBRL } from '../../format/brl';
import { mapTiles } from '../../runtime/map-tiles';
import { media } from '../../ui/breakpoints';
import { mapsLink } from './vault-links';

const Frame = styled.div`
  height: 480px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  ${media.phone} {
    height: 360px;
  }
  & .leaflet-container {
    height: 100%;
    width: 100%;
    font: inherit;
    background: ${({ theme }) => theme.color.background};
  }
  & .vault-icon {
    background: none;
    border: none;
  }
  & .leaflet-popup-content p {
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
`;

/** A map pin as inline SVG, in `fill`, with a white ring; `dot` draws the user's address instead. */
function pinSvg(fill: string, dot: boolean): string {
  const mark = dot
    ? '<circle cx="16" cy="15" r="6" fill="#fff"/>'
    : '<rect x="10" y="9" width="12" height="12" rx="2" fill="#fff"/><circle cx="16" cy="15" r="2.5" fill="' +
      fill +
      '"/>';
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="40" viewBox="0 0 32 40" aria-hidden="true" focusable="false">' +
    `<path d="M16 39C16 39 3 24 3 15a13 13 0 0 1 26 0c0 9-13 24-13 24z" fill="${fill}" stroke="#fff" stroke-width="2"/>` +
    mark +
    '</svg>'
  );
}

const iconOf = (fill: string, dot: boolean) =>
  divIcon({
    html: pinSvg(fill, dot),
    className: 'vault-icon',
    iconSize: [32, 40],
    iconAnchor: [16, 39],
    popupAnchor: [0, -34],
  });

export default function VaultMap({ result }: { result: VaultSearchResult }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const vaultIcon = iconOf(theme.color.primary, false);
  const userIcon = iconOf(theme.color.danger, true);
  const { userAddress } = result;
  const center: [number, number] = [userAddress.latitude, userAddress.longitude];
  const tiles = mapTiles;
  return (
    <Frame role="region" aria-label={t('VAULTS.MAP')}>
      <MapContainer center={center} zoom={VAULT_MAP_ZOOM} zoomControl={false} attributionControl={false}>
        {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} />}
        <ZoomControl
          position="topleft"
          zoomInTitle={t('VAULTS.ZOOM_IN')}
          zoomOutTitle={t('VAULTS.ZOOM_OUT')}
        />
        <AttributionControl position="bottomright" prefix='<a href="https://leafletjs.com">Leaflet</a>' />
        <Circle
          center={center}
          radius={result.radius * METRES_PER_RADIUS_UNIT}
          // Set when the layer is made (setStyle, which pathOptions goes through, ignores it).
          className="vault-radius"
          pathOptions={{
            color: theme.color.primary,
            weight: 2,
            fillOpacity: 0.08,
          }}
        />
        <Marker
          position={center}
          icon={userIcon}
          title={t('VAULTS.YOU_ARE_HERE', { address: userAddress.address })}
          zIndexOffset={1000}
        >
          <Popup>
            <p>{t('VAULTS.YOU_ARE_HERE', { address: userAddress.address })}</p>
          </Popup>
        </Marker>
        {result.vaults.map((v) => (
          <Marker
            key={v.serialNumber}
            position={[v.latitude, v.longitude]}
            icon={vaultIcon}
            title={t('VAULTS.VAULT_MARKER', { serial: v.serialNumber })}
          >
            <Popup>
              <p>
                <strong>{t('VAULTS.SERIAL')}:</strong> {v.serialNumber}
              </p>
              <p>
                <strong>{t('VAULTS.VAULT_ADDRESS')}:</strong> {v.address}
              </p>
              <p>
                <strong>{t('VAULTS.LIMIT')}:</strong> {formatBRL(v.availableLimit)}
              </p>
              <p>
                <a href={mapsLink(v)} target="_blank" rel="noopener noreferrer">
                  {t('VAULTS.OPEN_MAP')}
                </a>
              </p>
            </Popup>
          </Marker>
        ))}
      </MapContainer>
    </Frame>
  );
}
