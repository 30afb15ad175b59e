import { describe, expect, it, vi } from 'vitest';

// Which screens' modules were loaded: each mocked module records itself when it is imported.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./page-frame.js', () => {
  loaded.add('page frame');
  return { PageFrame: () => null };
});
vi.mock('../features/families/family-page.js', () => {
  loaded.add('family page');
  return { FamilyPage: () => null };
});
vi.mock('../features/families/family-list-page.js', () => {
  loaded.add('family list');
  return { FamilyListPage: () => null };
});
vi.mock('../features/entities/entity-list-page.js', () => {
  loaded.add('entity list');
  return { EntityListPage: () => null };
});

const { preloadScreens } = await import('./routes.js');

describe('preloadScreens', () => {
  it("starts loading the page frame and the address's screen of the role, and nothing else", async () => {
    preloadScreens('entity', '/manage-families/0b7c2a44-1111-4222-8333-944445555666/details');
    await vi.waitFor(() => expect(loaded).toEqual(new Set(['page frame', 'family page'])));

    // An entity's address is no screen of an admin's: its code is not loaded for them (their own is).
    loaded.clear();
    preloadScreens('admin', '/manage-families');
    preloadScreens('admin', '/entity-management');
    await vi.waitFor(() => expect(loaded).toEqual(new Set(['entity list'])));
  });
});
