import { describe, expect, it } from 'vitest';

/**
 * The clock projects of vitest.config.ts run the clock-sensitive tests in another zone than the
 * machine's: this proves the zone took effect (Date's and Intl's), else those tests prove nothing.
 */
const OFFSETS: Record<string, number> = {
  // Date#getTimezoneOffset: minutes to add to local time to get UTC.
  'Asia/Tokyo': -540,
  'America/Rio_Branco': 300,
};

describe('the zone of a clock project', () => {
  it('is the zone set in TZ, for Date and for Intl', () => {
    const zone = process.env.TZ ?? '';
    expect(Object.keys(OFFSETS)).toContain(zone);
    expect(new Date('2026-11-24T02:30:00Z').getTimezoneOffset()).toBe(OFFSETS[zone]);
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
  });
});
