-- Issue 9, defect 11: an Idempotency-Key names ONE request. The key row now keeps the sha256 of
-- that request (method, route and canonical JSON of the validated body), so a retry with the same
-- key but another request is refused (422 IDEMPOTENCY_KEY_REUSED) instead of being answered with
-- the first response. The hash is written in the same INSERT that claims the key, so a concurrent
-- request with the same key waits on the primary key, then compares its own hash.
-- Rows written before this migration have no hash: their key still replays its stored answer.
ALTER TABLE purchase_idempotency_keys ADD COLUMN request_hash text;
