// The first focusable element of every page: 'Skip to main content', shown when focused, which moves
// focus to the page's main content (the element with MAIN_CONTENT_ID and tabIndex -1), so a keyboard
// user need not tab through the header and the side menu on every page.
import { MSG } from '@bridge-talk/contract';
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  // Focus, not the address's fragment: the router's address stays the page's own.
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="bt-skip-link" onClick={skipToMain}>
      {MSG.frame.skipToMain}
    </a>
  );
}
