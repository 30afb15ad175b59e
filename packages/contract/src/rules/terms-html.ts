// What terms html may contain, for the server (sanitize-html, on save and on read) and the browser
// (DOMPurify, when shown) alike. The pages' Content-Security-Policy refuses inline styles, so the
// formatting the terms editor offers — background and text colour from one palette, alignment,
// indentation, underline and strike-through — is kept as classes of a fixed set (the web app's
// terms-format.css gives each its style), never as a `style` attribute. Fonts, sizes and line height
// are not kept, and the editor does not offer them.

/** The only elements terms keep; any other is dropped, its text kept (script and style wholly). */
export const TERMS_HTML_TAGS = [
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'td',
  'th',
  'br',
  'hr',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'code',
  'a',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
] as const;

/** The only attributes, by element ('*': every element). No `style`: see TERMS_CLASSES. */
export const TERMS_HTML_ATTRIBUTES = {
  '*': ['class'],
  a: ['href', 'title', 'target', 'rel'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
} as const;

/** The addresses a link may have; any other (javascript:, data:, relative) loses its `href`. */
export const TERMS_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const TERMS_LINK_ADDRESS = new RegExp(`^(?:${TERMS_LINK_SCHEMES.join('|')}):`, 'i');

/** The colours the editor offers, for backgrounds and text alike (its palette, TinyMCE's color_map). */
export const TERMS_PALETTE = [
  { key: 'light-yellow', name: 'Light Yellow', hex: '#FBEEB8' },
  { key: 'light-green', name: 'Light Green', hex: '#BFEDD2' },
  { key: 'light-blue', name: 'Light Blue', hex: '#C2E0F4' },
  { key: 'light-red', name: 'Light Red', hex: '#F8CAC6' },
  { key: 'light-purple', name: 'Light Purple', hex: '#ECCAFA' },
  { key: 'light-gray', name: 'Light Gray', hex: '#ECF0F1' },
  { key: 'yellow', name: 'Yellow', hex: '#F1C40F' },
  { key: 'green', name: 'Green', hex: '#2DC26B' },
  { key: 'blue', name: 'Blue', hex: '#3598DB' },
  { key: 'red', name: 'Red', hex: '#E03E2D' },
  { key: 'purple', name: 'Purple', hex: '#B96AD9' },
  { key: 'orange', name: 'Orange', hex: '#E67E23' },
  { key: 'dark-green', name: 'Dark Green', hex: '#169179' },
  { key: 'dark-blue', name: 'Dark Blue', hex: '#236FA1' },
  { key: 'dark-red', name: 'Dark Red', hex: '#BA372A' },
  { key: 'dark-purple', name: 'Dark Purple', hex: '#843FA1' },
  { key: 'gray', name: 'Gray', hex: '#95A5A6' },
  { key: 'navy', name: 'Navy Blue', hex: '#34495E' },
  { key: 'black', name: 'Black', hex: '#000000' },
  { key: 'white', name: 'White', hex: '#FFFFFF' },
] as const;

/** The background colour the editor's button applies before another is picked: a highlighter. */
export const TERMS_DEFAULT_BACKGROUND = '#FBEEB8';
/** The text colour the editor's button applies before another is picked. */
export const TERMS_DEFAULT_TEXT_COLOUR = '#E03E2D';

export const TERMS_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
/** One indentation step is the editor's (TinyMCE's `indentation`): 40 px. */
export const TERMS_INDENT_PX = 40;
export const TERMS_MAX_INDENT = 8;
export const TERMS_DECORATIONS = ['underline', 'line-through'] as const;

/** The classes terms html may carry, each one kind of formatting (terms-format.css styles them). */
type Group = 'background' | 'colour' | 'align' | 'indent' | 'decoration';
interface TermsClass {
  name: string;
  group: Group;
  /** The inline style it stands for, as the editor writes it. */
  property: string;
  value: string;
}

const CLASSES: TermsClass[] = [
  ...TERMS_PALETTE.map((c) => ({
    name: `tx-bg-${c.key}`,
    group: 'background' as const,
    property: 'background-color',
    value: c.hex,
  })),
  ...TERMS_PALETTE.map((c) => ({
    name: `tx-fg-${c.key}`,
    group: 'colour' as const,
    property: 'color',
    value: c.hex,
  })),
  ...TERMS_ALIGNMENTS.map((a) => ({
    name: `tx-align-${a}`,
    group: 'align' as const,
    property: 'text-align',
    value: a,
  })),
  ...Array.from({ length: TERMS_MAX_INDENT }, (_, i) => ({
    name: `tx-indent-${i + 1}`,
    group: 'indent' as const,
    property: 'padding-left',
    value: `${(i + 1) * TERMS_INDENT_PX}px`,
  })),
  ...TERMS_DECORATIONS.map((d) => ({
    name: `tx-${d}`,
    group: 'decoration' as const,
    property: 'text-decoration',
    value: d,
  })),
];
const BY_NAME = new Map(CLASSES.map((c) => [c.name, c]));

/** Every class terms html may carry. */
export const TERMS_CLASSES: readonly string[] = CLASSES.map((c) => c.name);

export function isTermsClass(name: string): boolean {
  return BY_NAME.has(name);
}

/** The inline style a class stands for (the editor works with inline styles). */
export function termsStyleOfClass(name: string): { property: string; value: string } | null {
  const found = BY_NAME.get(name);
  return found ? { property: found.property, value: found.value } : null;
}

// ─── Inline styles to classes ───────────────────────────────────────────────────────────────────────

const NAMED_COLOURS: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  purple: '#800080',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  navy: '#000080',
  teal: '#008080',
  maroon: '#800000',
  lime: '#00ff00',
  aqua: '#00ffff',
  fuchsia: '#ff00ff',
  olive: '#808000',
};

function rgbOf(value: string): [number, number, number] | null {
  const colour = (NAMED_COLOURS[value] ?? value).trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(colour);
  if (short)
    return [short[1]!, short[2]!, short[3]!].map((d) => Number.parseInt(d + d, 16)) as [
      number,
      number,
      number,
    ];
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/.exec(colour);
  if (long) {
    if (long[4] === '00') return null;
    return [long[1]!, long[2]!, long[3]!].map((d) => Number.parseInt(d, 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(colour);
  if (rgb) {
    if (rgb[4] !== undefined && Number(rgb[4]) === 0) return null;
    return [rgb[1]!, rgb[2]!, rgb[3]!].map((d) => Math.min(255, Number(d))) as [number, number, number];
  }
  return null;
}

/** The palette's colour nearest to a CSS colour (terms saved before the palette keep a close colour). */
function paletteKeyOf(value: string): string | null {
  const rgb = rgbOf(value);
  if (!rgb) return null;
  let best: { key: string; distance: number } | null = null;
  for (const colour of TERMS_PALETTE) {
    const target = rgbOf(colour.hex)!;
    const distance = target.reduce((sum, channel, i) => sum + (channel - rgb[i]!) ** 2, 0);
    if (!best || distance < best.distance) best = { key: colour.key, distance };
  }
  return best!.key;
}

function pixelsOf(value: string): number | null {
  const length = /^(\d{1,4}(?:\.\d{1,3})?)(px|pt|em|rem)$/.exec(value.trim().toLowerCase());
  if (!length) return null;
  const amount = Number(length[1]);
  const factor = { px: 1, pt: 4 / 3, em: 16, rem: 16 }[length[2] as 'px' | 'pt' | 'em' | 'rem'];
  return amount * factor;
}

function classesOfDeclaration(property: string, value: string): string[] {
  const v = value.trim().toLowerCase();
  switch (property) {
    case 'background-color':
    case 'color': {
      const key = paletteKeyOf(v);
      return key ? [`tx-${property === 'color' ? 'fg' : 'bg'}-${key}`] : [];
    }
    case 'text-align':
      return (TERMS_ALIGNMENTS as readonly string[]).includes(v) ? [`tx-align-${v}`] : [];
    case 'padding-left':
    case 'margin-left': {
      const px = pixelsOf(v);
      if (px === null) return [];
      const level = Math.min(TERMS_MAX_INDENT, Math.round(px / TERMS_INDENT_PX));
      return level > 0 ? [`tx-indent-${level}`] : [];
    }
    case 'text-decoration':
    case 'text-decoration-line':
      return v
        .split(/\s+/)
        .filter((d) => (TERMS_DECORATIONS as readonly string[]).includes(d))
        .map((d) => `tx-${d}`);
    default:
      return [];
  }
}

/**
 * The classes an element keeps, from its `style` and `class` attributes: the styles the editor
 * offers become classes, a kept class stays, and a style wins over a class of the same kind (the
 * editor changed it). Everything else is dropped.
 */
export function termsClassesOf(style: string | undefined, className: string | undefined): string[] {
  const fromStyle: string[] = [];
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    fromStyle.push(...classesOfDeclaration(property, declaration.slice(colon + 1)));
  }
  const styled = new Set(fromStyle.map((name) => BY_NAME.get(name)!.group));
  const kept = (className ?? '').split(/\s+/).filter((name) => {
    const found = BY_NAME.get(name);
    return found && (found.group === 'decoration' ? !fromStyle.includes(name) : !styled.has(found.group));
  });
  const result: string[] = [];
  const groups = new Set<Group>();
  for (const name of [...fromStyle, ...kept]) {
    const { group } = BY_NAME.get(name)!;
    // One class per kind, but underline and strike-through together.
    if (group !== 'decoration' && groups.has(group)) continue;
    if (result.includes(name)) continue;
    groups.add(group);
    result.push(name);
  }
  return result;
}
