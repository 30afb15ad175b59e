// A react-hook-form resolver whose zod schema (and zod itself) loads at the first validation, not with
// the page: the login page is every visit's first download, and zod is the largest library a form
// needs (docs/performance.md, "Web budgets"). The login form validates on submit, so the chunk has long
// arrived by then; a validation that comes first simply waits for it.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    );
    return (await resolver)(values, context, options);
  };
}
