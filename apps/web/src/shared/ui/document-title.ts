// The browser tab names the page, so a person with several tabs, or reading the history, can tell them
// apart.
import { MSG } from '@bridge-talk/contract';
import { useEffect } from 'react';

export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = MSG.common.documentTitle(page);
  }, [page]);
}
