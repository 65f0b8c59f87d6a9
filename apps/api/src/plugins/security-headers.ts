import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { appEndpoints, textField } from '@proxy/contract';
import { AppError } from '../lib/app-error.ts';
import { addRoute, type App } from '../lib/contract-route.ts';

/**
 * Where browsers post violation reports. report-uri only: Chromium sends report-uri at once
 * but report-to reports in batches up to a minute later (and then ignores report-uri).
 */
export const CSP_REPORT_PATH = `/api${appEndpoints.cspReport.path}`;
/** The SPA route Google sign-in returns to: its URL carries the session token. */
export const GOOGLE_RETURN_PATH = '/auth/google/callback';

/**
 * The policy the built SPA runs under (docs/decisions/070). The session token lives in the
 * browser, so script injection is the door to close: scripts and styles only from our own
 * files (the Vite build has no inline script or style), no plugins, no <base> hijack, no
 * framing, and Trusted Types: the SPA inserts HTML only as TrustedHTML made by DOMPurify
 * (its `dompurify` policy, RETURN_TRUSTED_TYPE), so unsanitised HTML cannot reach the DOM.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // data: for the icons Swagger UI's stylesheet inlines as SVG data URLs (decision 146): an
  // image cannot run script, and every other image stays same-origin.
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
  // Only DOMPurify may create TrustedHTML: a string reaching an HTML sink anywhere else is
  // blocked and reported rather than silently inserted. `default` is the policy the API
  // documentation page installs for Swagger UI (decision 146): it passes every string through
  // DOMPurify, so nothing unsanitised gets in either; until that page runs, none exists.
  // 'allow-duplicates': Swagger UI bundles its own copy of DOMPurify, which registers its
  // policy under the same name.
  "trusted-types dompurify default 'allow-duplicates'",
  `report-uri ${CSP_REPORT_PATH}`,
].join('; ');

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
 * Security headers on every response (issue 9, defect 5), set in onSend unless the route set
 * its own (the sandbox checkout page keeps its stricter policy), and the CSP report endpoint.
 */
export const securityHeadersPlugin = fp(
  (app, _options, done) => {
    const isTlsOrigin = app.config.APP_URL.startsWith('https:');

    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
      const setDefault = (name: string, value: string) => {
        if (!reply.hasHeader(name)) void reply.header(name, value);
      };
      setDefault('content-security-policy', CONTENT_SECURITY_POLICY);
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
