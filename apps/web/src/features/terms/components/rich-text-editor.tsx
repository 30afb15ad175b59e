// The self-hosted rich-text editor of the terms (TinyMCE, GPL): the editor, its theme, icons, skin and
// plugins are bundled from the `tinymce` package — nothing is fetched from a CDN, and the skin's CSS
// is applied as inline styles, which the CSP allows. Only the terms editor route imports this module,
// so no other page downloads it.
import { TERMS_DEFAULT_BACKGROUND, TERMS_DEFAULT_TEXT_COLOUR, TERMS_PALETTE } from '@bridge-talk/contract';
import { Editor } from '@tinymce/tinymce-react';
// The core first: the others register themselves on the `tinymce` global it creates.
import 'tinymce/tinymce';
import 'tinymce/models/dom/model';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
import 'tinymce/skins/ui/oxide/skin';
import 'tinymce/skins/ui/oxide/content';
import 'tinymce/skins/content/default/content';
import 'tinymce/plugins/advlist';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/help';
import 'tinymce/plugins/help/js/i18n/keynav/en';
import { wordListsToLists } from '../editor-html.js';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  onReady?: () => void;
}

/** Height 500, a menu bar, and this toolbar. */
const TOOLBAR =
  'undo redo | blocks | bold italic backcolor | alignleft aligncenter alignright alignjustify | ' +
  'bullist numlist outdent indent | removeformat | help';

/**
 * The Format menu offers only what the terms keep (the contract's allow-list): no font, size or line
 * height, which the server would strip on save.
 */
const FORMAT_MENU =
  'bold italic underline strikethrough superscript subscript codeformat | blocks align | ' +
  'forecolor backcolor | removeformat';

/** The inline styles the editor may write: those the server turns into the terms' classes. */
const KEPT_STYLES = 'color,background-color,text-align,padding-left,margin-left,text-decoration';

/** The palette, as TinyMCE's color_map: one colour's hex (without #) and then its name. */
const COLOUR_MAP = TERMS_PALETTE.flatMap((colour) => [colour.hex.slice(1), colour.name]);

export function RichTextEditor({ value, onChange, label, onReady }: RichTextEditorProps) {
  return (
    <Editor
      licenseKey="gpl"
      value={value}
      onEditorChange={(html) => onChange(html)}
      onInit={() => onReady?.()}
      init={{
        height: 500,
        menubar: true,
        plugins: ['advlist', 'lists', 'help'],
        toolbar: TOOLBAR,
        menu: { format: { title: 'Format', items: FORMAT_MENU } },
        valid_styles: { '*': KEPT_STYLES },
        // Only the palette: any other colour would be saved as the palette's nearest one.
        color_map: COLOUR_MAP,
        custom_colors: false,
        color_default_background: TERMS_DEFAULT_BACKGROUND,
        color_default_foreground: TERMS_DEFAULT_TEXT_COLOUR,
        paste_preprocess: (_editor, args) => {
          args.content = wordListsToLists(args.content);
        },
        promotion: false,
        branding: false,
        // Everything is bundled; a missing part must not be looked for on another host.
        base_url: '/',
        skin: 'oxide',
        content_css: 'default',
        iframe_aria_text: label,
        // In Chromium TinyMCE names the editing area by an aria-label on the iframe's <body>, which
        // has no role that allows one, and leaves the iframe itself without a title: give the frame
        // its title and the editable body the role it plays.
        iframe_attrs: { title: label },
        setup: (editor) => {
          editor.on('init', () => {
            const body = editor.getBody();
            body.setAttribute('role', 'textbox');
            body.setAttribute('aria-multiline', 'true');
          });
        },
        browser_spellcheck: true,
        content_style:
          'body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; font-size: 15px; }',
      }}
    />
  );
}
