/**
 * The design tokens: a calm bank palette. Every text colour here meets WCAG AA (4.5:1) on
 * `surface` and `background`; `debit` (#C62828) is 5.6:1 on white. The focus ring is drawn outside
 * the element (offset) so it stays visible on filled buttons too.
 */
export const theme = {
  color: {
    primary: '#0B4F8A',
    primaryHover: '#083B68',
    primarySoft: '#E6EFF8',
    onPrimary: '#FFFFFF',
    background: '#F4F7FA',
    surface: '#FFFFFF',
    border: '#6B7C8D',
    divider: '#D9E0E7',
    text: '#1B2733',
    textMuted: '#4A5A6A',
    debit: '#C62828',
    credit: '#1B6E3A',
    danger: '#C62828',
    dangerHover: '#A31F1F',
    warning: '#7A4A00',
    warningSoft: '#FFF4E0',
    success: '#1B6E3A',
    successSoft: '#E5F4EA',
    info: '#0B4F8A',
    infoSoft: '#E6EFF8',
    dangerSoft: '#FDECEC',
    focus: '#1A5FB4',
    backdrop: 'rgba(16, 27, 38, 0.55)',
  },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.5rem' },
    weight: { regular: 400, medium: 500, bold: 700 },
  },
  space: (n: number): string => `${n * 4}px`,
  radius: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  shadow: {
    card: '0 1px 3px rgba(16, 27, 38, 0.12)',
    popup: '0 8px 24px rgba(16, 27, 38, 0.2)',
  },
  z: { drawer: 10, topBar: 20, popup: 30, fab: 40, dialog: 50, overlay: 60, toast: 70 },
  layout: { drawerWidth: '264px', drawerCollapsedWidth: '64px', topBarHeight: '64px' },
} as const;

/** The type of the theme, merged into styled-components' DefaultTheme in styled.d.ts. */
export type AppTheme = typeof theme;
