import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { WEB_INLINE_STYLES_FILE, appEndpoints, textField } from '@proxy/contract';
import { AppError } from '../lib/app-error.ts';
import { addRoute, type App } from '../lib/contract-route.ts';
import type { Config } from '../config/env.ts';

/**
 * Where browsers post violation reports. report-uri only: Chromium sends report-uri at once
 * but report-to reports in batches up to a minute later (and then ignores report-uri).
 */
export const CSP_REPORT_PATH = `/api${appEndpoints.cspReport.path}`;
/** The SPA route Google sign-in returns to: its URL carries the session token. */
export const GOOGLE_RETURN_PATH = '/auth/google/callback';

/** The sources a third-party service needs, by directive; what it does not need stays out. */
type Sources = Partial<
  Record<'script-src' | 'connect-src' | 'img-src' | 'frame-src' | 'style-src', string[]>
>;

/** Google's list for GA4 (developers.google.com/tag-platform/security/guides/csp). */
const GA4_SOURCES: Sources = {
  'script-src': ['https://*.googletagmanager.com'],
  'connect-src': [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/**
 * What the configured analytics and live chat need (docs/decisions/147, 148), nothing when
 * unconfigured. Plausible takes events only (we post them; no script of theirs runs). Chatwoot
 * runs its SDK from its origin and frames its widget from there; the SDK writes its own
 * `<style>` element and sets style attributes, hence 'unsafe-inline' for styles only.
 */
export const thirdPartySources = (config: Pick<Config, 'ANALYTICS' | 'LIVE_CHAT'>) => {
  const sources: Sources[] = [];
  const trustedTypes: string[] = [];
  if (config.ANALYTICS?.provider === 'plausible')
    sources.push({ 'connect-src': [new URL(config.ANALYTICS.apiHost).origin] });
  if (config.ANALYTICS?.provider === 'ga4') {
    sources.push(GA4_SOURCES);
    // gtag.js inserts its scripts through Google's own Trusted Types policy.
    trustedTypes.push('goog#html');
  }
  if (config.LIVE_CHAT?.provider === 'chatwoot') {
    const origin = new URL(config.LIVE_CHAT.baseUrl).origin;
    sources.push({
      'script-src': [origin],
      'frame-src': [origin],
      'img-src': [origin],
      'style-src': ["'unsafe-inline'"],
    });
    // The SDK fills its <style> element through innerHTML: the SPA's `default` policy, always
    // allowed (see contentSecurityPolicy), passes markup-free strings unchanged
    // (apps/web/src/shared/lib/default-trusted-policy.ts).
  }
  const merged: Sources = {};
  for (const entry of sources)
    for (const [directive, values] of Object.entries(entry) as [keyof Sources, string[]][])
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...values])];
  return { sources: merged, trustedTypes };
};

/**
 * The policy the built SPA runs under (docs/decisions/070). The session token lives in the
 * browser, so script injection is the door to close: scripts and styles only from our own
 * files (the Vite build has no inline script or style), no plugins, no <base> hijack, no
 * framing, and Trusted Types: the SPA inserts HTML only as TrustedHTML made by DOMPurify
 * (its `dompurify` policy, RETURN_TRUSTED_TYPE), so unsanitised HTML cannot reach the DOM.
 * Third-party origins join only as configured (`thirdPartySources`); `third-party-scripts` is
 * the SPA's policy that sets a script's src only to those configured origins. The documents
 * with a screen drawn at build time carry its stylesheets in `<style>` elements, each allowed by
 * its hash (`webInlineStyleHashes`), never by 'unsafe-inline'.
 */
export const contentSecurityPolicy = (
  config: Pick<Config, 'ANALYTICS' | 'LIVE_CHAT'>,
  inlineStyleHashes: string[] = [],
): string => {
  const { sources, trustedTypes } = thirdPartySources(config);
  const withSources = (directive: keyof Sources, own: string[]) =>
    `${directive} ${[...own, ...(sources[directive] ?? [])].join(' ')}`;
  const hasScripts = (sources['script-src'] ?? []).length > 0;
  return [
    "default-src 'self'",
    withSources('script-src', ["'self'"]),
    // The build's own `<style>` elements by hash (the prerendered screens' stylesheets). A hash
    // would switch off the 'unsafe-inline' a live chat needs, which allows them anyway.
    withSources('style-src', [
      "'self'",
      ...(sources['style-src']?.includes("'unsafe-inline'") ? [] : inlineStyleHashes),
    ]),
    // data: for the icons Swagger UI's stylesheet inlines as SVG data URLs (decision 146): an
    // image cannot run script, and every other image stays same-origin.
    withSources('img-src', ["'self'", 'data:']),
    "font-src 'self'",
    withSources('connect-src', ["'self'"]),
    ...(sources['frame-src'] ? [withSources('frame-src', ["'self'"])] : []),
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
    // Only DOMPurify may create TrustedHTML: a string reaching an HTML sink anywhere else is
    // blocked and reported rather than silently inserted. `default` is the SPA's one default
    // policy, installed by the API documentation page (Swagger UI, decision 146) or the live
    // chat: strings with markup go through DOMPurify, so nothing unsanitised gets in either;
    // until one of them runs, none exists.
    // 'allow-duplicates': Swagger UI bundles its own copy of DOMPurify, which registers its
    // policy under the same name.
    `trusted-types ${[
      'dompurify',
      'default',
      ...(hasScripts ? ['third-party-scripts'] : []),
      ...trustedTypes,
      "'allow-duplicates'",
    ].join(' ')}`,
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
};

/** The hashes the web build lists for its `<style>` elements; none without a build. */
export const webInlineStyleHashes = (distDir: string): string[] => {
  const file = path.join(distDir, WEB_INLINE_STYLES_FILE);
  if (!existsSync(file)) return [];
  const listed = z
    .object({ 'style-src': z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/]+=*'$/)) })
    .parse(JSON.parse(readFileSync(file, 'utf8')));
  return listed['style-src'];
};

const HSTS = 'max-age=31536000; includeSubDomains';

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** report-uri posts `{"csp-report": {...}}`; the Reporting API posts an array of reports. */
const reportSchema = z.union([
  z.object({ 'csp-report': z.record(textField(), z.unknown()) }),
  z
    .array(z.object({ type: textField().max(100), body: z.record(textField(), z.unknown()) }))
    .min(1)
    .max(100),
]);

const REPORT_FIELDS = [
  'document-uri',
  'documentURL',
  'violated-directive',
  'effective-directive',
  'effectiveDirective',
  'blocked-uri',
  'blockedURL',
  'source-file',
  'sourceFile',
  'line-number',
  'lineNumber',
  'sample',
] as const;

/** Only the fields an operator needs, each cut short: reports are written by any browser. */
const summarise = (report: Record<string, unknown>) =>
  Object.fromEntries(
    REPORT_FIELDS.filter((field) => report[field] !== undefined).map((field) => [
      field,
      String(report[field]).slice(0, 300),
    ]),
  );

/**
 * Security headers on every response, set in onSend unless the route set
 * its own (the sandbox checkout page keeps its stricter policy), and the CSP report endpoint.
 */
export const securityHeadersPlugin = fp(
  (app, _options, done) => {
    const isTlsOrigin = app.config.APP_URL.startsWith('https:');
    const policy = contentSecurityPolicy(app.config, webInlineStyleHashes(app.config.WEB_DIST_DIR));

    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
      const setDefault = (name: string, value: string) => {
        if (!reply.hasHeader(name)) void reply.header(name, value);
      };
      setDefault('content-security-policy', policy);
      setDefault('x-content-type-options', 'nosniff');
      // Older browsers without frame-ancestors.
      setDefault('x-frame-options', 'DENY');
      setDefault('cross-origin-opener-policy', 'same-origin');
      if (pathOf(request.url) === GOOGLE_RETURN_PATH) {
        // The token in this URL must not leak through Referer (assets, locales, later links)
        // nor stay in a cache; the SPA also drops it from the address bar at once.
        void reply.header('referrer-policy', 'no-referrer');
        void reply.header('cache-control', 'no-store');
      } else setDefault('referrer-policy', 'same-origin');
      // Browsers ignore HSTS over plain HTTP; sending it there would only pin a later setup.
      if (isTlsOrigin || request.protocol === 'https')
        setDefault('strict-transport-security', HSTS);
      done(null, payload);
    });

    // report-uri posts application/csp-report; the Reporting API (should a browser use it
    // for report-uri one day) posts application/reports+json.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser(
      ['application/csp-report', 'application/reports+json'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      parseJson,
    );

    // Under /api like the modules, registered from its contract definition.
    app.register(
      (scoped: App, _options, registered) => {
        addRoute(
          scoped,
          appEndpoints.cspReport,
          {
            config: {
              rateLimit: {
                max: app.config.RATE_LIMIT_CSP_REPORT_MAX,
                timeWindow: app.config.RATE_LIMIT_WINDOW_MS,
              },
            },
          },
          async (request, reply) => {
            const parsed = reportSchema.safeParse(request.body);
            if (!parsed.success) throw new AppError('BAD_REQUEST');
            const reports = Array.isArray(parsed.data)
              ? parsed.data.map((report) => ({ type: report.type, ...summarise(report.body) }))
              : [summarise(parsed.data['csp-report'])];
            request.log.warn({ reports }, 'content security policy violation');
            return reply.code(204).send();
          },
        );
        registered();
      },
      { prefix: '/api' },
    );
    done();
  },
  { name: 'security-headers', dependencies: ['database', 'error-handler', 'rate-limit'] },
);
