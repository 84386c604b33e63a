/**
 * Issue 31: the bank's cash vaults (4-pix-part-two.md §2 Cash-vault search, §3 Vault), each with its
 * serial number, street address, position and available limit (what it can still take in cash).
 * They stand on places of the sandbox's gazetteer (sim/gazetteer.ts: source and licence there), a
 * few hundred metres from them, in São Paulo and Rio de Janeiro. The largest limit is R$ 250.000,00,
 * so a deposit above it finds none anywhere.
 *
 * Reference data of the sandbox, like the gazetteer, not rows of its database: no operation of the
 * contract changes a vault (the deposit itself is made at the vault, not through the portal), so
 * there is nothing to write or to restore on reset. A real bank reads them from its cash logistics.
 * The vaults, their addresses and limits are invented sandbox data (docs/domain-notes.md "Cash vaults").
 */
export interface Vault {
  serialNumber: string;
  address: string;
  latitude: number;
  longitude: number;
  availableLimitCents: number;
}

export const VAULTS: readonly Vault[] = [
  // São Paulo: Paulista and the centre, Pinheiros, Berrini.
  {
    serialNumber: 'CFR-SP-0001',
    address: 'Avenida Paulista, 1842 - Bela Vista, São Paulo - SP',
    latitude: -23.5629,
    longitude: -46.6545,
    availableLimitCents: 25_000_000,
  },
  {
    serialNumber: 'CFR-SP-0002',
    address: 'Rua Augusta, 1508 - Consolação, São Paulo - SP',
    latitude: -23.5571,
    longitude: -46.6589,
    availableLimitCents: 4_000_000,
  },
  {
    serialNumber: 'CFR-SP-0003',
    address: 'Praça da Sé, 108 - Sé, São Paulo - SP',
    latitude: -23.5497,
    longitude: -46.6341,
    availableLimitCents: 8_000_000,
  },
  {
    serialNumber: 'CFR-SP-0004',
    address: 'Avenida Ipiranga, 200 - República, São Paulo - SP',
    latitude: -23.5446,
    longitude: -46.6432,
    availableLimitCents: 1_500_000,
  },
  {
    serialNumber: 'CFR-SP-0005',
    address: 'Avenida Brigadeiro Faria Lima, 2232 - Jardim Paulistano, São Paulo - SP',
    latitude: -23.5771,
    longitude: -46.6873,
    availableLimitCents: 12_000_000,
  },
  {
    serialNumber: 'CFR-SP-0006',
    address: 'Avenida Engenheiro Luís Carlos Berrini, 1376 - Cidade Monções, São Paulo - SP',
    latitude: -23.6012,
    longitude: -46.6943,
    availableLimitCents: 500_000,
  },
  // Rio de Janeiro: the centre, Copacabana, Ipanema, Botafogo.
  {
    serialNumber: 'CFR-RJ-0001',
    address: 'Avenida Rio Branco, 156 - Centro, Rio de Janeiro - RJ',
    latitude: -22.9068,
    longitude: -43.1766,
    availableLimitCents: 20_000_000,
  },
  {
    serialNumber: 'CFR-RJ-0002',
    address: 'Avenida Nossa Senhora de Copacabana, 680 - Copacabana, Rio de Janeiro - RJ',
    latitude: -22.9688,
    longitude: -43.1853,
    availableLimitCents: 6_000_000,
  },
  {
    serialNumber: 'CFR-RJ-0003',
    address: 'Rua Visconde de Pirajá, 330 - Ipanema, Rio de Janeiro - RJ',
    latitude: -22.9838,
    longitude: -43.2041,
    availableLimitCents: 3_000_000,
  },
  {
    serialNumber: 'CFR-RJ-0004',
    address: 'Praia de Botafogo, 300 - Botafogo, Rio de Janeiro - RJ',
    latitude: -22.9457,
    longitude: -43.1826,
    availableLimitCents: 900_000,
  },
];
