// The home: the member's families and their channels, each with who is in it, the newest message and
// how many are unread. A new message anywhere brings the list up to date at once.
import { API, type MemberChannelsResponse } from '@bridge-talk/contract';
import { useCallback, useEffect, useState } from 'react';
import { api, currentMember } from '../api.js';
import { onLiveEvent } from '../live.js';
import { addressOf, navigate } from '../router.js';
import { useTexts } from '../texts.js';

type Channel = MemberChannelsResponse['channels'][number];

/** The other people of a channel, by name: "Pat Parent and Robin Smith". */
export function othersOf(channel: Channel, and: string): string {
  const me = currentMember()?.id;
  const names = channel.members.filter((m) => m.id !== me).map((m) => m.name);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
}

export function Home() {
  const { t, time } = useTexts();
  const [channels, setChannels] = useState<Channel[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setChannels((await api<MemberChannelsResponse>(API.chat.channels)).channels);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
    // A burst of messages (several busy channels) asks for the list once, not once per message.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLiveEvent(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), 300);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [load]);

  if (!channels)
    return failed ? (
      <div className="center" role="alert">
        <p>{t.genericError}</p>
        <button type="button" onClick={load}>
          {t.tryAgain}
        </button>
      </div>
    ) : (
      <p className="center" role="status">
        {t.loading}
      </p>
    );

  const families = [...new Map(channels.map((c) => [c.familyId, c.familyName])).entries()];
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{t.homeTitle}</h1>
      {channels.length === 0 && <p className="card">{t.noChannels}</p>}
      {families.map(([familyId, familyName]) => (
        <section key={familyId} aria-label={familyName} className="family">
          <h2>{familyName}</h2>
          <ul className="channels">
            {channels
              .filter((c) => c.familyId === familyId)
              .map((channel) => {
                const last = channel.lastMessage;
                const mine = last?.userId === currentMember()?.id;
                const summary = last
                  ? `${mine ? t.you : last.userName}: ${last.preview || t.pictures(last.attachments)}`
                  : t.noMessagesYet;
                return (
                  <li key={channel.id}>
                    <a
                      href={addressOf({ name: 'conversation', channelId: channel.id })}
                      className="channel"
                      onClick={(event) => {
                        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                        event.preventDefault();
                        navigate({ name: 'conversation', channelId: channel.id });
                      }}
                    >
                      <span className="channel-title">{t.withPeople(othersOf(channel, t.and))}</span>
                      <span className="channel-summary">{summary}</span>
                      <span className="channel-meta">
                        {last && <time dateTime={last.created_at}>{time(last.created_at)}</time>}
                        {channel.readOnly && <span className="badge muted">{t.readOnlyBadge}</span>}
                        {channel.unread > 0 && (
                          <span className="badge">
                            <span aria-hidden="true">{channel.unread >= 100 ? '99+' : channel.unread}</span>
                            <span className="visually-hidden">{t.unread(channel.unread)}</span>
                          </span>
                        )}
                      </span>
                    </a>
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </section>
  );
}
