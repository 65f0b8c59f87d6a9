-- 0009: API keys and package passwords leave plain text (issue 9, item 16; decision 068).
-- A database dump must not hand out usable API keys or proxy passwords. Both must still be
-- shown to their owner (the profile's copy button, the package's credentials), so they are
-- encrypted (AES-256-GCM, key DATA_ENCRYPTION_KEY from configuration) rather than hashed, and
-- API keys are found by a sha256 digest instead of by value.
--
-- SQL cannot encrypt with a key that lives only in the application's configuration, so this
-- migration only reshapes the tables: the plain-text columns are renamed to legacy_* and made
-- nullable, and the API's startup step (apps/api/src/modules/users/secrets-at-rest.ts) encrypts
-- every row that still has a legacy value and clears it, idempotently, before serving. A later
-- migration drops the legacy_* columns once every deployment has started this version.

ALTER TABLE users RENAME COLUMN api_key TO legacy_api_key;
ALTER TABLE users ALTER COLUMN legacy_api_key DROP NOT NULL;
ALTER TABLE users ADD COLUMN api_key_digest text;
ALTER TABLE users ADD COLUMN api_key_encrypted text;

-- The digest needs no key: fill it here, so lookups work from the first start on.
UPDATE users
SET api_key_digest = encode(sha256(convert_to(legacy_api_key, 'UTF8')), 'hex')
WHERE legacy_api_key IS NOT NULL;
ALTER TABLE users ALTER COLUMN api_key_digest SET NOT NULL;

-- Finding a user by API key (the restricted-user rule, the reseller API) reads this index;
-- unique like users_api_key_key was, which it replaces.
DROP INDEX users_api_key_key;
CREATE UNIQUE INDEX users_api_key_digest_key ON users (api_key_digest);

-- Every user has its key in one of the two forms; new rows only ever in the encrypted one.
ALTER TABLE users ADD CONSTRAINT users_api_key_present
  CHECK (api_key_encrypted IS NOT NULL OR legacy_api_key IS NOT NULL);

ALTER TABLE packages RENAME COLUMN password TO legacy_password;
ALTER TABLE packages ALTER COLUMN legacy_password DROP NOT NULL;
ALTER TABLE packages ADD COLUMN password_encrypted text;
ALTER TABLE packages ADD CONSTRAINT packages_password_present
  CHECK (password_encrypted IS NOT NULL OR legacy_password IS NOT NULL);

-- The startup step's "rows still in plain text" queries: empty partial indexes once it ran,
-- so checking on every start costs nothing however large the tables grow.
CREATE INDEX users_legacy_api_key_idx ON users (id) WHERE legacy_api_key IS NOT NULL;
CREATE INDEX packages_legacy_password_idx ON packages (id) WHERE legacy_password IS NOT NULL;
