import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, ROUTES } from '../routes.js';
import { endpoints } from './index.js';

const all = Object.entries(endpoints).flatMap(([area, byName]) =>
  Object.entries(byName).map(([name, endpoint]) => ({ key: `${area}.${name}`, endpoint })),
);

describe('the endpoint tables', () => {
  it('give every endpoint the method and path of ROUTES, and API its path', () => {
    for (const [area, byName] of Object.entries(ROUTES)) {
      for (const [name, route] of Object.entries(byName)) {
        const endpoint = (endpoints as Record<string, Record<string, { method: string; path: string }>>)[
          area
        ]?.[name];
        expect(endpoint, `${area}.${name}`).toMatchObject(route);
        expect((API as Record<string, Record<string, string>>)[area]?.[name]).toBe(route.path);
      }
    }
  });

  it('name one endpoint per method and path', () => {
    const places = all.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(places).size).toBe(places.length);
  });

  it("give each path's `:name` segments exactly the params its schema reads", () => {
    for (const { key, endpoint } of all) {
      const segments = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]).sort();
      const params = 'params' in endpoint ? endpoint.params : undefined;
      const names = params instanceof z.ZodObject ? Object.keys(params.shape).sort() : [];
      expect(names, key).toEqual(segments);
    }
  });
});
