// The app's language: the browser's first one the app speaks, or the one the member chose (kept in
// this browser; it is not a credential). Every text comes from the catalogue (FAMILY_TEXTS); dates
// and times are written in the chosen language, in the device's time zone.
import { FAMILY_TEXTS, type FamilyLanguage, type FamilyTexts, familyLanguageOf } from '@bridge-talk/contract';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';

const CHOICE_KEY = 'bt-family-language';

function initialLanguage(): FamilyLanguage {
  try {
    const chosen = localStorage.getItem(CHOICE_KEY);
    if (chosen === 'en' || chosen === 'es') return chosen;
  } catch {
    // storage unavailable (a private window's quota): the browser's language
  }
  return familyLanguageOf(navigator.languages ?? [navigator.language]);
}

interface LanguageContext {
  language: FamilyLanguage;
  t: FamilyTexts;
  choose(language: FamilyLanguage): void;
  /** A message's time: today's as a time, others with their date. */
  time(iso: string): string;
  /** A day separator's words: today, yesterday or the date. */
  day(iso: string): string;
}

const Context = createContext<LanguageContext | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState(initialLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo<LanguageContext>(() => {
    const t = FAMILY_TEXTS[language];
    const clock = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
    const date = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' });
    const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' });
    const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
    const relative = (d: Date) => {
      const today = new Date();
      const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
      if (dayKey(d) === dayKey(today)) return 'today';
      if (dayKey(d) === dayKey(yesterday)) return 'yesterday';
      return 'other';
    };
    return {
      language,
      t,
      choose(next) {
        setLanguage(next);
        try {
          localStorage.setItem(CHOICE_KEY, next);
        } catch {
          // kept for this visit only
        }
      },
      time(iso) {
        const d = new Date(iso);
        return relative(d) === 'today' ? clock.format(d) : `${short.format(d)}, ${clock.format(d)}`;
      },
      day(iso) {
        const d = new Date(iso);
        const which = relative(d);
        return which === 'today' ? t.today : which === 'yesterday' ? t.yesterday : date.format(d);
      },
    };
  }, [language]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useTexts(): LanguageContext {
  const context = useContext(Context);
  if (!context) throw new Error('useTexts outside LanguageProvider');
  return context;
}
