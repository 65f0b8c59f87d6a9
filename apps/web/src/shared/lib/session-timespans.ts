import type { GENERATOR_TIMESPANS } from '@proxy/contract';

/**
 * A sticky session's lifetime units (seconds) by the name of their unit (`generator.timespans.*`
 * of the packages namespace): the generator's form and the endpoint builder offer the same.
 */
export const TIMESPAN_UNITS = {
  60: 'minutes',
  3600: 'hours',
  86_400: 'days',
} as const satisfies Record<(typeof GENERATOR_TIMESPANS)[number], string>;
