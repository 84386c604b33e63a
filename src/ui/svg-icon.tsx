import type { SVGProps } from 'react';

/** What every icon takes besides its drawing: a size (24 px by default) and the SVG's props. */
export type SvgIconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/**
 * One 24 px Material-style path drawn as a decorative icon: always aria-hidden, so the surrounding
 * control names itself (src/ui/icons.tsx and src/ui/core-icons.tsx hold the drawings).
 */
export function SvgIcon({ d, size = 24, ...rest }: SvgIconProps & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}
