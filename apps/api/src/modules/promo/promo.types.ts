export type { Db } from '../../db/types.ts';
export type { Language } from '@proxy/contract';
