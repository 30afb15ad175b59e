// Terms html reduced to the contract's allow-list (sanitize-html): applied when a version is saved
// and again whenever one is read, so a version saved before the rule (with inline styles, which the
// pages' Content-Security-Policy refuses) is answered with the classes that keep its formatting. No
// scripts, event handlers, javascript: links or embedded content; no `style` attribute.
import {
  TERMS_CLASSES,
  TERMS_HTML_ATTRIBUTES,
  TERMS_HTML_TAGS,
  TERMS_LINK_SCHEMES,
  termsClassesOf,
} from '@bridge-talk/contract';
import sanitizeHtml from 'sanitize-html';

/** The editor's inline styles become the contract's classes, on every element that may carry them. */
function withClasses(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { style, class: className, ...rest } = attribs;
  const classes = termsClassesOf(style, className);
  const kept = classes.length > 0 ? { ...rest, class: classes.join(' ') } : rest;
  // A link that opens a new tab must not hand the terms page to the page it opens.
  if (tagName === 'a' && kept.target === '_blank') kept.rel = 'noopener noreferrer';
  return { tagName, attribs: kept };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TERMS_HTML_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(TERMS_HTML_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedClasses: { '*': [...TERMS_CLASSES] },
  allowedSchemes: [...TERMS_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { '*': withClasses },
};

export function sanitizeTermsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
