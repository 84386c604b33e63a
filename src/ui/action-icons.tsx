/**
 * Icons of row actions (the Pix statement's refund and fraud report), drawn here. Kept out of
 * icons.tsx, which /login's first load carries (its budget has no room): these load only with the
 * screens that draw them. Decorative like every icon: the button names itself.
 */
import type { SVGProps } from 'react';

const paths = {
  // An arrow turning back: give the money back (refund).
  refund: 'M9 6 3 11l6 5v-4h6a3 3 0 0 1 0 6H8v2h7a5 5 0 0 0 0-10H9V6z',
  // A flag on its pole: report (an infraction).
  report: 'M5 3h2v18H5V3zm3 1h11l-2.5 4.5L19 13H8V4z',
} as const;

/** The names of the row-action icons. */
export type ActionIconName = keyof typeof paths;

type ActionIconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { name: ActionIconName };

/** A decorative row-action icon (aria-hidden): give the button an accessible name. */
export function ActionIcon({ name, ...rest }: ActionIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={24}
      height={24}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
