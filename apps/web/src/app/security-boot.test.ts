import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './security-boot';

describe('security boot', () => {
  it('turns zod JIT off (the CSP forbids eval) without importing zod', () => {
    expect(z.config().jitless).toBe(true);
  });
});
