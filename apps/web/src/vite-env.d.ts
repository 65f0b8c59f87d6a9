/// <reference types="vite/client" />

// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges with Vite's ImportMetaEnv
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  /** Domain named in legal texts and FAQ answers; default: the page's host. */
  readonly VITE_SITE_DOMAIN?: string;
}
