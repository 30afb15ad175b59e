// A click is a press and a release on the same element. A field loses focus at the press, so a message
// that its validation shows at once can push the link or button under the pointer away before the
// release, and the click lands elsewhere (the first click is lost). Work that may move the layout waits
// here until the press has become a click, or has ended without one.

let pressing = 0;
let presses = 0;
let waiting: (() => void)[] = [];
let listening = false;

function begin(): void {
  presses += 1;
  pressing = presses;
}

function release(): void {
  pressing = 0;
  const resume = waiting;
  waiting = [];
  for (const next of resume) next();
}

/** A press released off its element makes no click: let the release's own task finish, then go on. */
function releaseAfterTask(): void {
  const press = pressing;
  if (press === 0) return;
  setTimeout(() => {
    if (pressing === press) release();
  }, 0);
}

/** Listens on the window, before any element, from the first form on. */
export function listenForPointerPresses(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  for (const type of ['pointerdown', 'mousedown']) window.addEventListener(type, begin, true);
  // The click's target is fixed once it is dispatched: the layout may move from then on.
  window.addEventListener('click', release, true);
  for (const type of ['pointerup', 'mouseup', 'pointercancel', 'dragend']) {
    window.addEventListener(type, releaseAfterTask, true);
  }
  // A press the window loses (another window takes focus) never sends its release here.
  window.addEventListener('blur', (event) => {
    if (event.target === window) release();
  });
}

/** Resolves at once when no press is in progress, else once the press has been released. */
export function afterPointerPress(): Promise<void> {
  if (pressing === 0) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}
