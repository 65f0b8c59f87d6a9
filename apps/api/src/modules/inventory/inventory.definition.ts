import { isIPv4 } from 'node:net';
import { z } from 'zod';
import { COUNTRY_CODE_ALIASES, ISO_COUNTRY_CODES } from '@proxy/contract';
import { exitDefinitionSchema } from '../exits/exits.definition.ts';

const COUNTRIES = new Set<string>(ISO_COUNTRY_CODES);

/** Smallest block accepted: a /16 is 65,534 addresses, one row each. */
const LARGEST_PREFIX = 16;

/**
 * One ISP block as an operator writes it (`isp-blocks:add`, the inventory file): IPv4 CIDR
 * routed to the gateway hosts, the ISP country whose packages it serves, the ISP's name.
 */
export const ispBlockDefinitionSchema = z
  .object({
    cidr: z
      .string()
      .trim()
      .refine((value) => {
        const [address = '', bits = ''] = value.split('/');
        const prefix = Number(bits);
        return isIPv4(address) && /^\d+$/.test(bits) && prefix >= LARGEST_PREFIX && prefix <= 32;
      }, `cidr: an IPv4 block such as 203.0.113.0/24 (/${LARGEST_PREFIX} to /32)`),
    country: z
      .string()
      .transform((value) => value.toUpperCase())
      .transform((value) => COUNTRY_CODE_ALIASES[value] ?? value)
      .refine((value) => COUNTRIES.has(value), 'country: an ISO 3166 alpha-2 code'),
    isp: z.string().trim().min(1).max(100).optional(),
    enabled: z.boolean().default(true),
  })
  .strict();

export type IspBlockDefinition = z.output<typeof ispBlockDefinitionSchema>;

/**
 * The inventory file (GATEWAY_EXITS_FILE, the embedded default's demo inventory): exits and
 * ISP blocks, each written as the admin CLI takes them.
 */
export const inventoryFileSchema = z.object({
  _comment: z.string().optional(),
  exits: z.array(exitDefinitionSchema).default([]),
  isp_blocks: z.array(ispBlockDefinitionSchema).default([]),
});
