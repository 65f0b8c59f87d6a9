import { captureGoogleReturnToken } from '../shared/session/google-return-token';

// Imported first by main.tsx, so this runs before any other module of the app.

// The session token of a Google return leaves the address bar and history at once.
captureGoogleReturnToken();

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}
// The CSP has no 'unsafe-eval': zod's JIT would probe `new Function` and the browser would
// report that probe as a violation even though zod catches it. zod keeps its config on
// globalThis (what z.config() writes); seeding it here keeps zod out of the first chunk.
// security-boot.test.ts checks that zod reads it.
(globalThis.__zod_globalConfig ??= {}).jitless = true;
