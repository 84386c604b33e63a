import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  INFRACTION_KEYS,
  attachmentTypeOf,
  validateAttachment,
  validateInfractionDescription,
} from '../../machines/validators/infraction.ts';

// The signatures the bank reads (sandbox/routes/infractions.ts attachmentType), written here again
// from the formats' specifications: PNG (RFC 2083 §12.12), JPEG SOI + marker, PDF '%PDF-'.
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46];
const PDF = [...'%PDF-1.7'].map((c) => c.charCodeAt(0));
const byte = fc.integer({ min: 0, max: 255 });

describe('infraction description (§5: more than 3 characters after trim)', () => {
  it('accepts any text keeping 4 or more characters once trimmed', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4 }),
        fc.string().filter((s) => s.trim() === ''),
        (core, pad) => {
          fc.pre(core.trim().length > 3);
          expect(validateInfractionDescription(`${pad}${core}${pad}`)).toBeUndefined();
        },
      ),
    );
  });

  it('refuses 3 characters or fewer around any blank, with DESCRIPTION_REQUIRED', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3 }), fc.constantFrom('', ' ', '   ', '\t\n'), (core, pad) => {
        fc.pre(core.trim() === core);
        expect(validateInfractionDescription(`${pad}${core}${pad}`)).toBe(
          INFRACTION_KEYS.DESCRIPTION_REQUIRED,
        );
      }),
    );
    expect(validateInfractionDescription('abcd')).toBeUndefined();
    expect(validateInfractionDescription(' abc ')).toBe(INFRACTION_KEYS.DESCRIPTION_REQUIRED);
  });
});

describe('attachments (PNG, JPEG or PDF by content, at most 5 MB, at most 5)', () => {
  it('reads the type from the first bytes, whatever follows', () => {
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 8 }), (tail) => {
        expect(attachmentTypeOf([...PNG, ...tail])).toBe('image/png');
        expect(attachmentTypeOf([...JPEG, ...tail])).toBe('image/jpeg');
        expect(attachmentTypeOf([...PDF, ...tail])).toBe('application/pdf');
      }),
    );
  });

  it('refuses any change to a signature byte, and a file shorter than its signature', () => {
    fc.assert(
      fc.property(fc.nat({ max: 7 }), byte, (at, b) => {
        const head = [...PNG];
        fc.pre(head[at] !== b);
        head[at] = b;
        // A changed PNG byte may still start a JPEG only if it made ff d8 ff: not possible here.
        expect(attachmentTypeOf(head)).toBeUndefined();
      }),
    );
    expect(attachmentTypeOf(PNG.slice(0, 7))).toBeUndefined();
    expect(attachmentTypeOf([])).toBeUndefined();
  });

  it('checks the limit, then the type, then the size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ATTACHMENT_MAX_FILES + 3 }),
        fc.integer({ min: 0, max: 2 * ATTACHMENT_MAX_BYTES }),
        fc.boolean(),
        (chosen, size, isPng) => {
          const head = isPng ? PNG : [0x4f, 0x6c, 0xe1];
          const expected =
            chosen >= ATTACHMENT_MAX_FILES
              ? INFRACTION_KEYS.FILE_LIMIT
              : !isPng
                ? INFRACTION_KEYS.FILE_TYPE
                : size > ATTACHMENT_MAX_BYTES
                  ? INFRACTION_KEYS.FILE_SIZE
                  : undefined;
          expect(validateAttachment({ size, head }, chosen)).toBe(expected);
        },
      ),
    );
    expect(validateAttachment({ size: ATTACHMENT_MAX_BYTES, head: PDF }, 4)).toBeUndefined();
    expect(validateAttachment({ size: ATTACHMENT_MAX_BYTES + 1, head: PDF }, 4)).toBe(
      INFRACTION_KEYS.FILE_SIZE,
    );
  });
});
