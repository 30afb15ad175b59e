import { describe, expect, it } from 'vitest';
import { MESSAGE_HTML_ATTRIBUTES, MESSAGE_HTML_TAGS, MESSAGE_LINK_ADDRESS } from './message-html.js';

describe('message html allow-list', () => {
  it('keeps no media, forms, scripts or tables, and no attribute that styles or runs anything', () => {
    for (const tag of [
      'img',
      'video',
      'iframe',
      'object',
      'svg',
      'form',
      'input',
      'script',
      'style',
      'table',
    ])
      expect(MESSAGE_HTML_TAGS).not.toContain(tag);
    const attributes = Object.values(MESSAGE_HTML_ATTRIBUTES).flat();
    expect(attributes).not.toContain('style');
    expect(attributes).not.toContain('class');
    expect(attributes.filter((a) => a.startsWith('on'))).toEqual([]);
  });

  it('links: http, https and mailto only, nothing relative', () => {
    for (const href of ['https://example.org', 'HTTP://example.org', 'mailto:a@example.org'])
      expect(MESSAGE_LINK_ADDRESS.test(href)).toBe(true);
    for (const href of ['javascript:alert(1)', 'data:text/html,x', '/manage-families', '//evil.example.org'])
      expect(MESSAGE_LINK_ADDRESS.test(href)).toBe(false);
  });
});
