// One conversation: its history (newest at the bottom, older pages as the reader scrolls up, a line
// for each day), writing with pictures and videos, sends that show their progress and can be tried
// again without making a second message (each has its key), reporting a message, who is in it, and
// why it is read-only when it is. New messages arrive live; after a reconnection what came meanwhile
// is fetched. Only the messages in view (and a few around them) are in the page, so a long visit
// scrolls as lightly as a short one.
import {
  API,
  MESSAGE_HTML_MAX,
  type MemberChannelsResponse,
  type MemberHistoryResponse,
  type MemberMessage,
} from '@bridge-talk/contract';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError, api, currentMember, pathOf } from '../api.js';
import { onLiveEvent } from '../live.js';
import { safeHtml, textToHtml } from '../message-html.js';
import { addressOf, navigate } from '../router.js';
import { useTexts } from '../texts.js';
import { type FileProblem, prepared, problemOf, upload } from '../uploads.js';
import { othersOf } from './home.js';

type Channel = MemberChannelsResponse['channels'][number];
const PAGE = 50;
/** The space above the first message for 'Load older messages' or 'Start of the conversation'. */
const TOP_HEIGHT = 56;
/** The space below the newest message. */
const BOTTOM_SPACE = 8;
/** Within this many pixels of the top, the older page is fetched. */
const OLDER_THRESHOLD = 200;
/** Within this many pixels of the bottom, the reader is at the newest message. */
const END_THRESHOLD = 120;

interface Pending {
  clientId: string;
  html: string;
  files: { file: File; fileId?: string }[];
  state: 'sending' | 'failed';
  progress: number | null;
  error?: string;
}

/** Oldest first, each message once. */
function merged(older: MemberMessage[], newer: MemberMessage[]): MemberMessage[] {
  const byId = new Map<string, MemberMessage>();
  for (const m of [...older, ...newer]) byId.set(m.id, m);
  return [...byId.values()].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
}

type Row =
  | { kind: 'message'; key: string; message: MemberMessage; day: string | null }
  | { kind: 'pending'; key: string; item: Pending };

/**
 * The log's rows, oldest first: each message, with its day's line when its day differs from the
 * previous message's, then the sends still under way. A send and the message it became share their
 * key (its clientId), so that the row keeps its place and its measured height when one becomes the
 * other; a send whose message has arrived is no longer shown.
 */
function rowsOf(messages: MemberMessage[], pending: Pending[], dayOf: (iso: string) => string): Row[] {
  const rows: Row[] = [];
  const keys = new Set<string>();
  let previousDay = '';
  for (const message of messages) {
    const thisDay = dayOf(message.created_at);
    const key = message.clientId && !keys.has(message.clientId) ? message.clientId : message.id;
    keys.add(key);
    rows.push({ kind: 'message', key, message, day: thisDay !== previousDay ? thisDay : null });
    previousDay = thisDay;
  }
  for (const item of pending) {
    if (!keys.has(item.clientId)) rows.push({ kind: 'pending', key: item.clientId, item });
  }
  return rows;
}

/** Smooth scrolling, unless the reader's device asks for less motion. */
function scrollBehavior(): 'smooth' | 'auto' {
  return typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';
}

export function Conversation({ channelId }: { channelId: string }) {
  const { t } = useTexts();
  const [channel, setChannel] = useState<Channel | null | 'missing'>(null);
  const [messages, setMessages] = useState<MemberMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reported, setReported] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending[]>([]);
  const [reporting, setReporting] = useState<MemberMessage | null>(null);
  /** The reader is at the newest message (the history keeps it up to date as they scroll). */
  const atEnd = useRef(true);
  const lastRead = useRef<string | null>(null);

  const history = useCallback(
    (query: Record<string, string>) =>
      api<MemberHistoryResponse>(
        `${pathOf(API.chat.history, { channelId })}?${new URLSearchParams({ limit: String(PAGE), ...query })}`,
      ),
    [channelId],
  );

  const noteReported = useCallback((ids: string[]) => {
    if (ids.length > 0) setReported((before) => new Set([...before, ...ids]));
  }, []);

  // The channel and its newest page.
  useEffect(() => {
    let alive = true;
    setLoaded(false);
    setMessages([]);
    setChannel(null);
    (async () => {
      try {
        const [list, page] = await Promise.all([api<MemberChannelsResponse>(API.chat.channels), history({})]);
        if (!alive) return;
        setChannel(list.channels.find((c) => c.id === channelId) ?? 'missing');
        setMessages(merged([], page.messages));
        setOlderCursor(page.nextCursor);
        noteReported(page.reportedByMe);
        atEnd.current = true;
        setLoaded(true);
      } catch (error) {
        if (!alive) return;
        if (error instanceof ApiError && error.status === 404) setChannel('missing');
        else setFailed(true);
      }
    })();
    return () => {
      alive = false;
    };
  }, [channelId, history, noteReported]);

  // What came while the connection was away, page by page after the newest shown.
  const catchUp = useCallback(async () => {
    let after = messagesRef.current.at(-1)?.id;
    if (!after) {
      // Nothing shown yet: the newest page is what is new.
      const page = await history({});
      setMessages((before) => merged(before, page.messages));
      noteReported(page.reportedByMe);
      return;
    }
    for (let i = 0; i < 20 && after; i++) {
      const page = await history({ after });
      setMessages((before) => merged(before, page.messages));
      noteReported(page.reportedByMe);
      after = page.newerCursor ?? undefined;
    }
  }, [history, noteReported]);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  // The history follows a new message when the reader is at the newest (or it is the member's own).
  useEffect(
    () =>
      onLiveEvent((event) => {
        if (event.type === 'ready') {
          void catchUp().catch(() => {});
          return;
        }
        if (event.message.channelId !== channelId) return;
        setMessages((before) => merged(before, [event.message]));
        const key = event.message.clientId;
        if (key) setPending((before) => before.filter((p) => p.clientId !== key));
      }),
    [channelId, catchUp],
  );

  // Older pages: the reader reached the top. What they were reading stays where it was.
  const loadOlder = useCallback(async () => {
    if (!olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await history({ before: olderCursor });
      setMessages((before) => merged(page.messages, before));
      setOlderCursor(page.nextCursor);
      noteReported(page.reportedByMe);
    } catch {
      // tried again when the reader scrolls up again
    } finally {
      setLoadingOlder(false);
    }
  }, [olderCursor, loadingOlder, history, noteReported]);

  // The newest message shown while the page is in view is read.
  useEffect(() => {
    const newest = messages.at(-1);
    if (!newest || !loaded || lastRead.current === newest.id || document.visibilityState !== 'visible')
      return;
    if (!atEnd.current) return;
    lastRead.current = newest.id;
    void api(pathOf(API.chat.read, { channelId }), { method: 'PUT', json: { messageId: newest.id } }).catch(
      () => {
        lastRead.current = null;
      },
    );
  }, [messages, loaded, channelId]);

  const sendPending = useCallback(
    async (item: Pending) => {
      const update = (change: Partial<Pending>) =>
        setPending((before) => before.map((p) => (p.clientId === item.clientId ? { ...p, ...change } : p)));
      update({ state: 'sending', error: undefined });
      try {
        const files = [...item.files];
        for (const [index, entry] of files.entries()) {
          if (entry.fileId) continue;
          const body = await prepared(entry.file);
          const uploaded = await upload(channelId, body, entry.file.name, (percent) =>
            update({ progress: percent }),
          );
          files[index] = { ...entry, fileId: uploaded.id };
          update({ files, progress: null });
        }
        const answer = await api<{ id: string }>(pathOf(API.chat.messages, { channelId }), {
          method: 'POST',
          json: {
            clientId: item.clientId,
            html: item.html,
            attachments: files.map((f) => ({ fileId: f.fileId!, title: null })),
          },
        });
        // The live event usually brings it first; otherwise the page after the newest does.
        if (!messagesRef.current.some((m) => m.id === answer.id)) await catchUp().catch(() => {});
        setPending((before) => before.filter((p) => p.clientId !== item.clientId));
      } catch (error) {
        const message =
          error instanceof ApiError && error.status === 413
            ? t.fileTooLarge
            : error instanceof ApiError && error.status === 415
              ? t.fileNotAllowed
              : undefined;
        update({ state: 'failed', progress: null, ...(message ? { error: message } : {}) });
      }
    },
    [channelId, catchUp, t],
  );

  if (channel === 'missing')
    return (
      <div className="center" role="alert">
        <p>{t.conversationNotFound}</p>
        <a href={addressOf({ name: 'home' })}>{t.back}</a>
      </div>
    );
  if (failed)
    return (
      <div className="center" role="alert">
        <p>{t.genericError}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t.tryAgain}
        </button>
      </div>
    );
  if (!channel || !loaded)
    return (
      <p className="center" role="status">
        {t.loading}
      </p>
    );

  const readOnly =
    channel.readOnly === 'channel-disabled'
      ? t.readOnlyDisabled
      : channel.readOnly === 'member-inactive'
        ? t.readOnlyInactive
        : channel.readOnly === 'reader'
          ? t.readOnlyReader
          : null;
  const title = t.withPeople(othersOf(channel, t.and));

  return (
    <section className="conversation" aria-labelledby="conversation-title">
      <div className="conversation-head">
        <a
          href={addressOf({ name: 'home' })}
          className="back"
          onClick={(event) => {
            event.preventDefault();
            navigate({ name: 'home' });
          }}
        >
          <span aria-hidden="true">←</span> <span className="visually-hidden">{t.back}</span>
        </a>
        <div className="conversation-title">
          <h1 id="conversation-title">{title}</h1>
          <p className="muted">{channel.familyName}</p>
        </div>
      </div>
      <details className="people">
        <summary>{t.peopleTitle}</summary>
        <ul>
          {channel.members.map((person) => (
            <li key={person.id}>
              {person.name} —{' '}
              {person.role === 'child'
                ? t.roleChild
                : person.role === 'adoptive_parent'
                  ? t.roleAdoptive
                  : t.roleBirth}
              {!person.active && ` (${t.inactive})`}
            </li>
          ))}
        </ul>
      </details>
      <History
        key={channelId}
        messages={messages}
        pending={pending}
        hasOlder={olderCursor !== null}
        loadingOlder={loadingOlder}
        onLoadOlder={loadOlder}
        reported={reported}
        onReport={setReporting}
        onRetry={sendPending}
        atEnd={atEnd}
      />
      {readOnly ? (
        <p className="read-only" role="note">
          {readOnly}
        </p>
      ) : (
        <Composer
          onSend={(html, files) => {
            const item: Pending = {
              clientId: crypto.randomUUID(),
              html,
              files: files.map((file) => ({ file })),
              state: 'sending',
              progress: null,
            };
            setPending((before) => [...before, item]);
            void sendPending(item);
          }}
        />
      )}
      {reporting && (
        <ReportDialog
          message={reporting}
          onClose={(done) => {
            if (done) noteReported([reporting.id]);
            setReporting(null);
          }}
        />
      )}
    </section>
  );
}

interface HistoryProps {
  messages: MemberMessage[];
  pending: Pending[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  reported: Set<string>;
  onReport: (message: MemberMessage) => void;
  onRetry: (item: Pending) => void;
  /** Kept up to date here: whether the reader is at the newest message. */
  atEnd: RefObject<boolean>;
}

/**
 * The log: the rows in view and a few around them, each measured as it is (a picture or a video that
 * changes its height after it loaded is measured again). It opens at the newest message; an older page
 * arrives above without moving what the reader is reading; a new message is followed while the reader
 * is at the newest, and the member's own always. Every scroll goes through the virtualizer: one
 * written behind its back would be taken for the reader's own and stop what it is doing. Keyboard: the
 * log takes the focus and scrolls with the arrow, Page Up/Down, Home and End keys; a row holding the
 * focus stays in the page while it scrolls away, so that the focus is not lost.
 */
function History({
  messages,
  pending,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  reported,
  onReport,
  onRetry,
  atEnd,
}: HistoryProps) {
  const { t, day } = useTexts();
  const me = currentMember()?.id;
  const log = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => rowsOf(messages, pending, day), [messages, pending, day]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const focusedKey = useRef<string | null>(null);
  const behavior = scrollBehavior();

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => log.current,
    estimateSize: useCallback(
      (index: number) => {
        const row = rows[index];
        return row?.kind === 'message' && row.day ? 112 : 80;
      },
      [rows],
    ),
    getItemKey: useCallback((index: number) => rows[index]!.key, [rows]),
    rangeExtractor: useCallback((range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const key = focusedKey.current;
      const focused = key === null ? -1 : rowsRef.current.findIndex((row) => row.key === key);
      if (focused < 0 || indexes.includes(focused)) return indexes;
      return focused < (indexes[0] ?? 0) ? [focused, ...indexes] : [...indexes, focused];
    }, []),
    paddingStart: TOP_HEIGHT,
    paddingEnd: BOTTOM_SPACE,
    overscan: 6,
    // A chat: an older page arrives above without moving the message being read, and a row that grows
    // at the bottom keeps a reader who is there at the bottom.
    anchorTo: 'end',
  });

  // Opening: the newest message at the bottom.
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // A newer message is followed while the reader is at the newest; the member's own (a send, or a
  // message from their other device) always, wherever the reader was. A send becoming its message
  // keeps its row and its key, so it does not count as new again.
  const last = rows.at(-1);
  const lastKey = last?.key;
  const lastMine = last?.kind === 'pending' || (last?.kind === 'message' && last.message.user.id === me);
  const newestId = messages.at(-1)?.id;
  const seen = useRef({ lastKey, newestId });
  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = { lastKey, newestId };
    const own = lastMine && lastKey !== before.lastKey;
    if (!own && (newestId === before.newestId || !atEnd.current)) return;
    atEnd.current = true;
    virtualizer.scrollToEnd({ behavior });
  }, [lastKey, lastMine, newestId, behavior, virtualizer, atEnd]);

  // The log's height changes (the phone's keyboard, the people's list opened): a reader at the newest
  // message stays there.
  useLayoutEffect(() => {
    const element = log.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let height = element.clientHeight;
    const observer = new ResizeObserver(() => {
      const before = height;
      height = element.clientHeight;
      if (height === before) return;
      // scrollTop is already clamped to the new height: at the end under either height, it stays there.
      const fromEnd = element.scrollHeight - element.scrollTop;
      if (fromEnd - before <= 1 || fromEnd - height <= 1) virtualizer.scrollToEnd();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [virtualizer]);

  const onScroll = () => {
    const element = log.current;
    if (!element) return;
    atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < END_THRESHOLD;
    if (element.scrollTop < OLDER_THRESHOLD) onLoadOlder();
  };

  return (
    <div
      className="log"
      ref={log}
      onScroll={onScroll}
      onFocus={(event) => {
        const row = event.target.closest<HTMLElement>('[data-index]');
        focusedKey.current = row ? (rowsRef.current[Number(row.dataset.index)]?.key ?? null) : null;
      }}
      role="log"
      aria-label={t.messagesLabel}
      aria-busy={loadingOlder || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls with the keyboard
      tabIndex={0}
    >
      <div className="log-rows" style={{ height: virtualizer.getTotalSize() }}>
        <div className="log-top" style={{ height: TOP_HEIGHT }}>
          {hasOlder ? (
            <button type="button" className="link-button" onClick={onLoadOlder} disabled={loadingOlder}>
              {loadingOlder ? t.loadingOlder : t.loadOlder}
            </button>
          ) : (
            <p className="start">{t.startOfConversation}</p>
          )}
        </div>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="log-row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'message' ? (
                <MessageRow
                  message={row.message}
                  day={row.day}
                  mine={row.message.user.id === me}
                  reported={reported.has(row.message.id)}
                  onReport={onReport}
                />
              ) : (
                <PendingRow item={row.item} onRetry={onRetry} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

const MessageRow = memo(function MessageRow({
  message,
  day,
  mine,
  reported,
  onReport,
}: {
  message: MemberMessage;
  day: string | null;
  mine: boolean;
  reported: boolean;
  onReport: (message: MemberMessage) => void;
}) {
  const { t, time } = useTexts();
  const html = useMemo(() => (message.html ? safeHtml(message.html) : ''), [message.html]);
  return (
    <>
      {day && <p className="day">{day}</p>}
      <article
        className={`message${mine ? ' mine' : ''}`}
        data-message-id={message.id}
        aria-label={message.user.name}
      >
        {!mine && <p className="author">{message.user.name}</p>}
        {html && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised (safeHtml)
          <div className="text" dangerouslySetInnerHTML={{ __html: html }} />
        )}
        {message.attachments.map((attachment, index) =>
          attachment.type === 'image' && attachment.thumb_url ? (
            <a key={String(index)} href={attachment.image_url} target="_blank" rel="noreferrer">
              <img
                src={attachment.thumb_url}
                alt={attachment.title ?? attachment.file_name ?? t.picture}
                width={attachment.width}
                height={attachment.height}
                loading="lazy"
              />
            </a>
          ) : attachment.type === 'video' && attachment.asset_url ? (
            // biome-ignore lint/a11y/useMediaCaption: the families' own videos have no captions
            <video
              key={String(index)}
              src={attachment.asset_url}
              controls
              preload="metadata"
              aria-label={attachment.title ?? t.video}
            />
          ) : null,
        )}
        <p className="meta">
          <time dateTime={message.created_at}>{time(message.created_at)}</time>
          {!mine && !reported && (
            <button type="button" className="link-button" onClick={() => onReport(message)}>
              {t.report}
            </button>
          )}
          {reported && <span className="muted">{t.reported}</span>}
        </p>
      </article>
    </>
  );
});

function PendingRow({ item, onRetry }: { item: Pending; onRetry: (item: Pending) => void }) {
  const { t } = useTexts();
  return (
    <article className="message mine pending" aria-busy={item.state === 'sending'}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: made from escaped text (textToHtml) */}
      {item.html && <div className="text" dangerouslySetInnerHTML={{ __html: item.html }} />}
      {item.files.length > 0 && <p className="muted">{item.files.map((f) => f.file.name).join(', ')}</p>}
      <p className="meta" role="status">
        {item.state === 'sending'
          ? item.progress !== null
            ? t.uploading(item.progress)
            : t.sending
          : (item.error ?? t.notSent)}
        {item.state === 'failed' && (
          <button type="button" className="link-button" onClick={() => onRetry(item)}>
            {t.retry}
          </button>
        )}
      </p>
    </article>
  );
}

/** The longest text the composer sends (the server's limit is on its html, MESSAGE_HTML_MAX). */
const MESSAGE_TEXT_MAX = 5000;

function Composer({ onSend }: { onSend: (html: string, files: File[]) => void }) {
  const { t, language } = useTexts();
  const ids = { text: useId(), file: useId(), error: useId(), length: useId() };
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  // Said, not cut off: a pasted text longer than a message may be stays whole in the box. The server
  // counts the message as it is stored (its html), which a text of many '&' or lines makes longer.
  const tooLong = text.length > MESSAGE_TEXT_MAX || textToHtml(text).length > MESSAGE_HTML_MAX;
  const send = () => {
    if (tooLong || (!text.trim() && files.length === 0)) return;
    onSend(text.trim() ? textToHtml(text) : '', files);
    setText('');
    setFiles([]);
  };
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {files.length > 0 && (
        <ul className="chosen">
          {files.map((file, index) => (
            <li key={`${file.name}-${String(index)}`}>
              {file.name}{' '}
              <button
                type="button"
                className="link-button"
                aria-label={t.removeAttachment(file.name)}
                onClick={() => setFiles((before) => before.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p id={ids.error} className="error" role="alert">
          {problem === 'size' ? t.fileTooLarge : t.fileNotAllowed}
        </p>
      )}
      {tooLong && (
        <p id={ids.length} className="error" role="alert">
          {t.messageTooLong(MESSAGE_TEXT_MAX.toLocaleString(language))}
        </p>
      )}
      <div className="composer-row">
        <label className="attach" htmlFor={ids.file} title={t.attach}>
          <span aria-hidden="true">+</span>
          <span className="visually-hidden">{t.attach}</span>
        </label>
        <input
          id={ids.file}
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm"
          multiple
          onChange={(event) => {
            const chosen = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            const refused = chosen.map(problemOf).find((p) => p !== null) ?? null;
            setProblem(refused);
            setFiles((before) => [...before, ...chosen.filter((f) => problemOf(f) === null)].slice(0, 10));
          }}
        />
        <label htmlFor={ids.text} className="visually-hidden">
          {t.composerLabel}
        </label>
        <textarea
          id={ids.text}
          rows={1}
          placeholder={t.composerLabel}
          value={text}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? ids.length : undefined}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              send();
            }
          }}
        />
        <button type="submit" className="primary">
          {t.send}
        </button>
      </div>
    </form>
  );
}

function ReportDialog({ message, onClose }: { message: MemberMessage; onClose: (done: boolean) => void }) {
  const { t } = useTexts();
  const dialog = useRef<HTMLDialogElement>(null);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${reasonId}-title`}
      onClose={() => onClose(false)}
      className="dialog"
    >
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (busy) return;
          setBusy(true);
          try {
            await api(pathOf(API.chat.flags, { messageId: message.id }), {
              method: 'POST',
              json: { reason: reason.trim() || null },
            });
            onClose(true);
          } catch {
            setError(t.genericError);
            setBusy(false);
          }
        }}
      >
        <h2 id={`${reasonId}-title`}>{t.reportTitle}</h2>
        <p>{t.reportIntro}</p>
        <label htmlFor={reasonId}>{t.reportReason}</label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(false)}>
            {t.cancel}
          </button>
          <button type="submit" className="danger" disabled={busy}>
            {t.reportSend}
          </button>
        </div>
      </form>
    </dialog>
  );
}
