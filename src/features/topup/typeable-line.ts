/**
 * The typeable line of a bank slip as printed (shared/domain: `AAABC.CCCCX DDDDD.DDDDDY
 * EEEEE.EEEEEZ K UUUUVVVVVVVVVV`); anything but 47 digits is shown as it came.
 */
export function formatTypeableLine(line: string): string {
  const m = /^(\d{5})(\d{5})(\d{5})(\d{6})(\d{5})(\d{6})(\d)(\d{14})$/.exec(line);
  return m ? `${m[1]}.${m[2]} ${m[3]}.${m[4]} ${m[5]}.${m[6]} ${m[7]} ${m[8]}` : line;
}
