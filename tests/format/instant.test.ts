// formatInstant (Intl only) says what formatDateTime (date-fns on São Paulo's clock) says, for any
// instant and both languages, summer time of the past and the DST-free years alike.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/format/dates';
import { formatInstant } from '../../src/format/instant';

describe('formatInstant', () => {
  it('matches formatDateTime for every instant, in pt-BR and in English', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2040-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('pt-BR', 'en'),
        (d, lng) => {
          expect(formatInstant(d, lng)).toBe(formatDateTime(d, lng));
          expect(formatInstant(d.toISOString(), lng)).toBe(formatDateTime(d.toISOString(), lng));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads an answer with its offset, and says nothing of an invalid one', () => {
    expect(formatInstant('2026-11-21T14:30:05-03:00', 'pt-BR')).toBe('21/11/2026 14:30:05');
    expect(formatInstant('2026-11-22T02:30:05Z', 'en')).toBe('11/21/2026 23:30:05');
    expect(formatInstant('not a date', 'pt-BR')).toBe('');
  });
});
