import { type CSSVariablesResolver, createTheme } from '@mantine/core';

// Mantine's default shades fail WCAG AA contrast for small text on white: blue.6 (links, primary
// buttons) is 3.6:1 and the dimmed grey (gray.6) 3.3:1. Shade 8 and gray.7 clear 4.5:1 on white and on
// the light grey panels.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
