// What the typed client promises, checked by `npm run typecheck` (this file is in the web project):
// a screen that reads a field its endpoint does not return, names a path param wrongly or sends a
// body its endpoint does not take fails to compile. Each `@ts-expect-error` below is such a mistake:
// should the types stop catching it, the directive itself becomes the compile error.
import { ROUTES } from '@bridge-talk/contract';
import { describe, expectTypeOf, it } from 'vitest';
import { getEntity } from '../../features/entities/api/get-entity.js';
import { type Answer, callApi } from './api-client.js';

describe('the typed client', () => {
  it("types an answer by its endpoint's response schema", () => {
    expectTypeOf<Answer<typeof ROUTES.auth.me>>().toHaveProperty('email').toEqualTypeOf<string>();
    expectTypeOf<NonNullable<Answer<typeof ROUTES.terms.last>>>()
      .toHaveProperty('version')
      .toEqualTypeOf<number>();
    expectTypeOf(getEntity).returns.resolves.toHaveProperty('_id').toEqualTypeOf<string>();
  });

  it("refuses a screen's read of a field its endpoint does not return", () => {
    const screen = async (id: string) => {
      const entity = await getEntity(id);
      // @ts-expect-error GET /api/entity/list/:id answers an entity, which has no `password`.
      return entity.password;
    };
    expectTypeOf(screen).toBeFunction();
  });

  it('refuses wrong params and a body the endpoint does not take', () => {
    const calls = () => [
      // @ts-expect-error the path of term.byId names `:id`, not `:termId`.
      callApi(ROUTES.terms.byId, { params: { termId: 'x' } }),
      // @ts-expect-error GET /api/auth/me takes no body.
      callApi(ROUTES.auth.me, { body: { name: 'x' } }),
      // @ts-expect-error POST /api/term/create needs its body.
      callApi(ROUTES.terms.create),
    ];
    expectTypeOf(calls).toBeFunction();
  });
});
