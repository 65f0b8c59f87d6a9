import type { FieldValues, Resolver } from 'react-hook-form';
import type { zodResolver } from '@hookform/resolvers/zod';

type Schema = Parameters<typeof zodResolver>[0];

export type LazyResolver<TIn extends FieldValues, TOut = TIn> = Resolver<TIn, unknown, TOut> & {
  preload: () => void;
};

/**
 * zodResolver(contract schema), with the schema, zod and the resolver adapter fetched on first
 * use. The first screen renders without them; `preload` starts the download on interaction.
 */
export const lazyZodResolver = <TIn extends FieldValues, TOut = TIn>(
  loadSchema: () => Promise<Schema>,
): LazyResolver<TIn, TOut> => {
  let pending: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  const load = (): Promise<Resolver<TIn, unknown, TOut>> => {
    pending ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([adapter, schema]) => adapter.zodResolver(schema) as unknown as Resolver<TIn, unknown, TOut>,
    );
    return pending;
  };
  const resolver: Resolver<TIn, unknown, TOut> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      load().catch(() => {
        pending = null;
      });
    },
  });
};
