/**
 * The multipart upload of an infraction's file (src/api/infractions.ts, openapi/portal.yaml
 * attachInfractionFile) through the one API client, with a fake fetch: the request is
 * multipart/form-data with its boundary, the fields are the contract's (`infractionId`, `file`),
 * and the file part carries every byte unchanged (0x00–0xFF) with its filename and type.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { api, createApiClient, setApiClient } from '../../src/api/client';
import { attachInfractionFile, bytesOfLatin1, latin1Of } from '../../src/api/infractions';

const original = api;
afterEach(() => setApiClient(original));

describe('attachInfractionFile', () => {
  it('sends one multipart request whose file part is the bytes, the name and the type', async () => {
    const seen: { contentType: string; id: string; name: string; type: string; bytes: number[] }[] = [];
    setApiClient(
      createApiClient({
        baseUrl: 'http://bank.test/api',
        getToken: () => 'token',
        onSessionExpired: () => undefined,
        fetch: async (request) => {
          const form = await request.formData();
          const file = form.get('file') as File;
          seen.push({
            contentType: request.headers.get('Content-Type') ?? '',
            id: String(form.get('infractionId')),
            name: file.name,
            type: file.type,
            bytes: [...new Uint8Array(await file.arrayBuffer())],
          });
          return Response.json({
            data: { idAttachment: 9, fileName: file.name, contentType: 'image/png', size: file.size },
          });
        },
      }),
    );
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const stored = await attachInfractionFile(42, { name: 'conversa.png', type: 'image/png', bytes });
    expect(stored).toEqual({
      idAttachment: 9,
      fileName: 'conversa.png',
      contentType: 'image/png',
      size: 256,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]).toMatchObject({ id: '42', name: 'conversa.png', type: 'image/png' });
    expect(seen[0]?.bytes).toEqual([...bytes]);
  });

  it('keeps any bytes through the contract’s one-character-a-byte string', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), (bytes) => {
        const text = latin1Of(bytes);
        expect(text.length).toBe(bytes.length);
        expect([...bytesOfLatin1(text)]).toEqual([...bytes]);
      }),
      { numRuns: 50 },
    );
  });
});
