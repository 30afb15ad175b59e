// One conversation: its history (newest at the bottom, older pages as the reader scrolls up, a line
// for each day), writing with pictures and videos, sends that show their progress and can be tried
// again without making a second message (each has its key), reporting a message, who is in it, and
// why it is read-only when it is. New messages arrive live; after a reconnection what came meanwhile
// is fetched.
import {
  API,
  type MemberChannelsResponse,
  type MemberHistoryResponse,
  type MemberMessage,
} from '@bridge-talk/contract';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ApiError, api, currentMember, pathOf } from '../api.js';
import { onLiveEvent } from '../live.js';
import { safeHtml, textToHtml } from '../message-html.js';
import { addressOf, navigate } from '../router.js';
import { useTexts } from '../texts.js';
import { type FileProblem, prepared, problemOf, upload } from '../uploads.js';
import { othersOf } from './home.js';

type Channel = MemberChannelsResponse['channels'][number];
const PAGE = 50;

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

export function Conversation({ channelId }: { channelId: string }) {
  const { t, time, day } = useTexts();
  const [channel, setChannel] = useState<Channel | null | 'missing'>(null);
  const [messages, setMessages] = useState<MemberMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reported, setReported] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending[]>([]);
  const [reporting, setReporting] = useState<MemberMessage | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const keepBottom = useRef(true);
  const heightBefore = useRef<number | null>(null);
  const lastRead = useRef<string | null>(null);
  const me = currentMember()?.id;

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
        keepBottom.current = true;
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

  useEffect(
    () =>
      onLiveEvent((event) => {
        if (event.type === 'ready') {
          void catchUp().catch(() => {});
          return;
        }
        if (event.message.channelId !== channelId) return;
        const near = log.current
          ? log.current.scrollHeight - log.current.scrollTop - log.current.clientHeight < 120
          : true;
        keepBottom.current = near || event.message.user.id === me;
        setMessages((before) => merged(before, [event.message]));
        const key = event.message.clientId;
        if (key) setPending((before) => before.filter((p) => p.clientId !== key));
      }),
    [channelId, catchUp, me],
  );

  // Older pages: the reader reached the top. What they were reading stays where it was.
  const loadOlder = useCallback(async () => {
    if (!olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await history({ before: olderCursor });
      heightBefore.current = log.current?.scrollHeight ?? null;
      setMessages((before) => merged(page.messages, before));
      setOlderCursor(page.nextCursor);
      noteReported(page.reportedByMe);
    } catch {
      // tried again when the reader scrolls up again
    } finally {
      setLoadingOlder(false);
    }
  }, [olderCursor, loadingOlder, history, noteReported]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of what the log shows
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    if (heightBefore.current !== null) {
      element.scrollTop += element.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (keepBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages, pending, loaded]);

  const onScroll = () => {
    const element = log.current;
    if (!element) return;
    keepBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 120;
    if (element.scrollTop < 200) void loadOlder();
  };

  // The newest message shown while the page is in view is read.
  useEffect(() => {
    const newest = messages.at(-1);
    if (!newest || !loaded || lastRead.current === newest.id || document.visibilityState !== 'visible')
      return;
    if (!keepBottom.current) return;
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

  let previousDay = '';
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
      <div
        className="log"
        ref={log}
        onScroll={onScroll}
        role="log"
        aria-label={t.messagesLabel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls with the keyboard
        tabIndex={0}
      >
        {olderCursor ? (
          <button type="button" className="link-button older" onClick={loadOlder} disabled={loadingOlder}>
            {loadingOlder ? t.loadingOlder : t.loadOlder}
          </button>
        ) : (
          <p className="start">{t.startOfConversation}</p>
        )}
        {messages.map((message) => {
          const thisDay = day(message.created_at);
          const separator = thisDay !== previousDay ? thisDay : null;
          previousDay = thisDay;
          const mine = message.user.id === me;
          return (
            <div key={message.id}>
              {separator && <p className="day">{separator}</p>}
              <article
                className={`message${mine ? ' mine' : ''}`}
                data-message-id={message.id}
                aria-label={message.user.name}
              >
                {!mine && <p className="author">{message.user.name}</p>}
                {message.html && (
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised (safeHtml)
                  <div className="text" dangerouslySetInnerHTML={{ __html: safeHtml(message.html) }} />
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
                  {!mine && !reported.has(message.id) && (
                    <button type="button" className="link-button" onClick={() => setReporting(message)}>
                      {t.report}
                    </button>
                  )}
                  {reported.has(message.id) && <span className="muted">{t.reported}</span>}
                </p>
              </article>
            </div>
          );
        })}
        {pending.map((item) => (
          <article key={item.clientId} className="message mine pending" aria-busy={item.state === 'sending'}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: made from escaped text (textToHtml) */}
            {item.html && <div className="text" dangerouslySetInnerHTML={{ __html: item.html }} />}
            {item.files.length > 0 && (
              <p className="muted">{item.files.map((f) => f.file.name).join(', ')}</p>
            )}
            <p className="meta" role="status">
              {item.state === 'sending'
                ? item.progress !== null
                  ? t.uploading(item.progress)
                  : t.sending
                : (item.error ?? t.notSent)}
              {item.state === 'failed' && (
                <button type="button" className="link-button" onClick={() => void sendPending(item)}>
                  {t.retry}
                </button>
              )}
            </p>
          </article>
        ))}
      </div>
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
            keepBottom.current = true;
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

function Composer({ onSend }: { onSend: (html: string, files: File[]) => void }) {
  const { t } = useTexts();
  const ids = { text: useId(), file: useId(), error: useId() };
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const send = () => {
    if (!text.trim() && files.length === 0) return;
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
          maxLength={5000}
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
