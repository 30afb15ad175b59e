// Terms html on its way into the editor. TinyMCE works with inline styles (its toolbar reads and
// writes them): the classes a saved version carries become those styles again, and the server maps
// them back when the version is saved. Lists pasted from Word arrive as paragraphs marked `mso-list`
// with a bullet or number typed in front: they become real lists, which the terms keep.
import { termsStyleOfClass } from '@bridge-talk/contract';

function bodyOf(html: string): HTMLElement {
  return new DOMParser().parseFromString(html, 'text/html').body;
}

/** A saved version's classes as the inline styles the editor works with. */
export function termsHtmlForEditor(html: string): string {
  const body = bodyOf(html);
  for (const element of body.querySelectorAll<HTMLElement>('[class]')) {
    const others: string[] = [];
    const decorations: string[] = [];
    for (const name of element.classList) {
      const style = termsStyleOfClass(name);
      if (!style) others.push(name);
      else if (style.property === 'text-decoration') decorations.push(style.value);
      else element.style.setProperty(style.property, style.value);
    }
    if (decorations.length > 0) element.style.setProperty('text-decoration', decorations.join(' '));
    if (others.length > 0) element.setAttribute('class', others.join(' '));
    else element.removeAttribute('class');
  }
  return body.innerHTML;
}

const WORD_LIST_LEVEL = /mso-list:\s*l\d+\s+level(\d+)/i;

function levelOf(paragraph: Element): number | null {
  const match = WORD_LIST_LEVEL.exec(paragraph.getAttribute('style') ?? '');
  if (match) return Number(match[1]);
  return /^MsoListParagraph/.test(paragraph.getAttribute('class') ?? '') ? 1 : null;
}

/** The marker Word types in front of an item: a bullet, or a number or letter for an ordered list. */
const MARKER = /^[\s\u00a0]*(?:([·•o§▪\-–])|((?:\d+|[a-z]|[ivxlcdm]+)[.)]))(?=[\s\u00a0]|$)/i;

/**
 * Takes the typed marker (and the spaces after it) out of a Word list paragraph; says whether it
 * numbered the item. The marker is the paragraph's first text, whatever Word or the browser left of
 * the `mso-list:Ignore` span around it.
 */
function takeMarker(paragraph: Element): boolean {
  const walker = paragraph.ownerDocument.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
  let ordered = false;
  let marker = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!marker) {
      if (!text.trim()) continue;
      const match = MARKER.exec(text);
      if (!match) return false;
      marker = true;
      ordered = match[2] !== undefined;
      node.textContent = text.slice(match[0].length);
    }
    // The spaces Word puts between the marker and the text.
    const rest = (node.textContent ?? '').replace(/^[\s\u00a0]+/, '');
    node.textContent = rest;
    if (rest) break;
  }
  return ordered;
}

/** Word's list paragraphs as ul/ol lists, nested by their level. Other html is left as it is. */
export function wordListsToLists(html: string): string {
  if (!/mso-list|MsoListParagraph/i.test(html)) return html;
  const body = bodyOf(html);
  const document = body.ownerDocument;
  let stack: { level: number; list: HTMLElement }[] = [];
  let previous: Element | null = null;
  for (const paragraph of [...body.querySelectorAll('p')]) {
    const level = levelOf(paragraph);
    if (level === null) continue;
    // A list continues while its paragraphs follow each other.
    let sibling = paragraph.previousSibling;
    while (sibling && sibling.nodeType === Node.TEXT_NODE && !sibling.textContent?.trim())
      sibling = sibling.previousSibling;
    if (sibling !== previous) stack = [];
    const ordered = takeMarker(paragraph);
    while (stack.length > 0 && stack[stack.length - 1]!.level > level) stack.pop();
    let top = stack[stack.length - 1];
    if (!top || top.level < level) {
      const list = document.createElement(ordered ? 'ol' : 'ul');
      if (top) (top.list.lastElementChild ?? top.list).append(list);
      else paragraph.before(list);
      top = { level, list };
      stack.push(top);
    }
    const item = document.createElement('li');
    item.append(...paragraph.childNodes);
    top.list.append(item);
    paragraph.remove();
    previous = stack[0]!.list;
  }
  return body.innerHTML;
}
