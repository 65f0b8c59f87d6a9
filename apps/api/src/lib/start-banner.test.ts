import { describe, expect, it } from 'vitest';
import { formatStartBanner } from './start-banner.ts';

describe('start banner', () => {
  it('boxes the URL and the demo login, every line the same width', () => {
    const banner = formatStartBanner({
      url: 'http://127.0.0.1:3000',
      demo: { email: 'demo@proxy.local', password: 'demo-password-1' },
    });
    const lines = banner.trim().split('\n');
    expect(lines[0]).toMatch(/^┌─+┐$/);
    expect(lines.at(-1)).toMatch(/^└─+┘$/);
    expect(new Set(lines.map((line) => [...line].length)).size).toBe(1);
    expect(banner).toContain('http://127.0.0.1:3000');
    expect(banner).toContain('demo@proxy.local / demo-password-1');
    expect(banner.startsWith('\n')).toBe(true);
  });

  it('names the gateway beside the API once it listens', () => {
    const banner = formatStartBanner({
      url: 'http://127.0.0.1:3000',
      demo: null,
      proxy: { host: 'proxy.example', httpPort: 8080, socksPort: 1080 },
    });
    expect(banner).toContain('http://LOGIN:PASSWORD@proxy.example:8080');
    expect(banner).toContain('proxy.example:1080');
    const lines = banner.trim().split('\n');
    expect(new Set(lines.map((line) => [...line].length)).size).toBe(1);
  });

  it('has no demo line without the demo user', () => {
    const banner = formatStartBanner({ url: 'https://cabinet.example', demo: null });
    expect(banner).toContain('https://cabinet.example');
    expect(banner).not.toContain('demo');
  });
});
