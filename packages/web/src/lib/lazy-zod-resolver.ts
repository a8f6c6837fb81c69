import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a contract schema that loads the schema, zod and the zod resolver
 * on the form's first validation (its first submit) instead of with the page, so a first-load
 * screen such as /sign-in does not download zod (issue 15). The rule and its messages are the
 * contract's, as with `zodResolver(schema)`.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<z.ZodType<T, T>>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
    );
    return (await loaded)(values, context, options);
  };
}
