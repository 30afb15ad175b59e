import { formatMessageTime, type Message, MSG } from '@bridge-talk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { MessageItem, toRows } from './message-item.js';

function message(overrides: Partial<Message> & { id: string }): Message {
  return {
    user: { id: 'birth', name: 'Bea Birth' },
    attachments: [],
    html: '<p>Hello</p>',
    created_at: '2026-03-07T15:05:09.000Z',
    flaggedMessages: { flags: [] },
    ...overrides,
  };
}

describe('toRows', () => {
  it('shows the sender when the sender changes, and the day when the day changes', () => {
    const rows = toRows([
      message({ id: '1', created_at: '2026-03-07T10:00:00.000Z' }),
      message({ id: '2', created_at: '2026-03-07T10:01:00.000Z' }),
      message({
        id: '3',
        created_at: '2026-03-07T10:02:00.000Z',
        user: { id: 'parent', name: 'Pat Parent' },
      }),
      message({ id: '4', created_at: '2026-03-07T10:03:00.000Z' }),
      message({ id: '5', created_at: '2026-03-09T10:03:00.000Z' }),
    ]);
    expect(rows.map((r) => r.showSender)).toEqual([true, false, true, true, true]);
    expect(rows.map((r) => r.day !== null)).toEqual([true, false, false, false, true]);
  });
});

describe('MessageItem', () => {
  it("shows the sender's first name, the sanitised html and the time as h:MM:ss TT", () => {
    const m = message({
      id: '1',
      html: '<p>Hi <b>there</b><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script></p>',
    });
    renderWithProviders(<MessageItem row={{ message: m, showSender: true, day: '03.07.2026' }} />);
    expect(screen.getByTestId('message-sender')).toHaveTextContent(/^Bea$/);
    const body = screen.getByTestId('message-html');
    expect(body).toHaveTextContent('Hi there');
    expect(body.innerHTML).not.toContain('onerror');
    expect(body.innerHTML).not.toContain('script');
    expect(screen.getByText(formatMessageTime(m.created_at))).toBeInTheDocument();
    expect(formatMessageTime(m.created_at)).toMatch(/^\d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    expect(screen.getByText('03.07.2026')).toBeInTheDocument();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('shows a link whose text has a right-to-left override in its own order, in a message isolated from the rest', () => {
    const m = message({
      id: '1',
      html: '<p>Pay <a href="https://pay.example/1">invoice\u202Efdp.exe.png</a> \u202Bשלום</p>',
    });
    renderWithProviders(<MessageItem row={{ message: m, showSender: true, day: null }} />);
    const body = screen.getByTestId('message-html');
    expect(body).toHaveAttribute('dir', 'auto');
    expect(within(body).getByRole('link')).toHaveTextContent(/^invoicefdp\.exe\.png$/);
    expect(body.textContent).toBe('Pay invoicefdp.exe.png \u202Bשלום\u202C');
  });

  it('keeps text and links only: style, class and media go, a link opens apart (noopener)', () => {
    const m = message({
      id: '1',
      html:
        '<div style="position:fixed;inset:0;z-index:9999" class="cover">Fake screen</div>' +
        '<p>See <a href="https://example.org/photos" target="_self" rel="opener">photos</a>' +
        '<img src="https://example.org/x.png"><a href="javascript:alert(1)">js</a></p>',
    });
    renderWithProviders(<MessageItem row={{ message: m, showSender: true, day: null }} />);
    const body = screen.getByTestId('message-html');
    expect(body).toHaveTextContent('Fake screen');
    expect(body.querySelector('[style], [class], img')).toBeNull();
    expect(screen.getByRole('link', { name: 'photos' })).toHaveAttribute(
      'href',
      'https://example.org/photos',
    );
    expect(screen.getByRole('link', { name: 'photos' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'photos' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(body).getByText('js')).not.toHaveAttribute('href');
  });

  it('shows no name when the same sender goes on', () => {
    renderWithProviders(
      <MessageItem row={{ message: message({ id: '1' }), showSender: false, day: null }} />,
    );
    expect(screen.queryByTestId('message-sender')).not.toBeInTheDocument();
  });

  it('shows pictures as thumbnails that open full size, playable videos, and a placeholder for what the portal cannot read', () => {
    const full = '/api/groups/g/channels/c/messages/1/attachments/0?access=t';
    const thumb = '/api/groups/g/channels/c/messages/1/attachments/0?size=thumb&access=t';
    const video = '/api/groups/g/channels/c/messages/1/attachments/1?access=t';
    renderWithProviders(
      <MessageItem
        row={{
          message: message({
            id: '1',
            html: '',
            attachments: [
              { type: 'image', image_url: full, thumb_url: thumb, title: 'Lake', width: 1600, height: 1200 },
              { type: 'video', asset_url: video, title: null, file_name: 'first-steps.mp4' },
              { type: 'image', title: 'Old picture' },
              { type: 'image', image_url: 'https://cdn.example.org/x.png', title: 'Elsewhere' },
              { type: 'image', image_url: 'javascript:alert(1)', title: 'Bad' },
            ],
          }),
          showSender: true,
          day: null,
        }}
      />,
    );
    const picture = screen.getByRole('img', { name: 'Lake' });
    expect(picture).toHaveAttribute('src', thumb);
    expect(screen.getByRole('link', { name: `${MSG.conversations.openFullSize}: Lake` })).toHaveAttribute(
      'href',
      full,
    );
    const player = screen.getByLabelText('first-steps.mp4');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', video);
    expect(player).toHaveAttribute('controls');
    // Nothing outside the portal is loaded: no address elsewhere reaches an element.
    expect(screen.queryByRole('img', { name: 'Elsewhere' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Bad' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('attachment-unavailable').map((e) => e.textContent)).toEqual([
      `${MSG.conversations.attachmentUnavailable} (Old picture)`,
      `${MSG.conversations.attachmentUnavailable} (Elsewhere)`,
      `${MSG.conversations.attachmentUnavailable} (Bad)`,
    ]);
    expect(screen.queryByTestId('message-html')).not.toBeInTheDocument();
  });

  it("says who reported a flagged message: 'This content has been reported by: {name}'", () => {
    const m = message({
      id: '1',
      flaggedMessages: {
        flags: [
          { message: { id: '1' }, user: { name: 'Pat Parent' } },
          { message: { id: '1' }, user: { name: 'Robin Smith' } },
        ],
      },
    });
    const { container } = renderWithProviders(
      <MessageItem row={{ message: m, showSender: true, day: null }} />,
    );
    expect(screen.getByText(MSG.families.reportedBy('Pat Parent, Robin Smith'))).toBeInTheDocument();
    expect(within(container).getByText(/Hello/).closest('[data-reported]')).not.toBeNull();
  });
});
