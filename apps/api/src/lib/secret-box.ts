// The secret box lives in packages/db (shared with the proxy gateway, decision 068); this
// re-export keeps older import paths (the API benchmark) working.
export {
  DATA_KEY_BYTES,
  openSecret,
  parseDataKey,
  sealSecret,
  SECRET_PURPOSES,
  SecretBoxError,
  secretDigest,
  type SecretPurpose,
} from '@proxy/db';
