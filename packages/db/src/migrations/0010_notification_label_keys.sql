-- 0010: purchase notifications were stored with label keys `labels.package` / `labels.amount`
-- (the purchases service prefixed `labels.` to a key the cabinet prefixes again), so the cabinet
-- and the notification mail showed the raw keys. The contract now types notification data per
-- type with bare keys (NOTIFICATION_DATA_SCHEMAS, docs/decisions/073); this rewrites the rows
-- already stored so old notifications read like new ones.
--
-- Each line of the jsonb array keeps its position (WITH ORDINALITY) and its value; only a label
-- starting with `labels.` loses that prefix. Only rows holding such a label are touched, so the
-- migration is cheap on a large table and a no-op when run on clean data.
UPDATE notifications
SET data = (
  SELECT jsonb_agg(
    CASE
      WHEN line ->> 'label' LIKE 'labels.%'
        THEN jsonb_set(line, '{label}', to_jsonb(substr(line ->> 'label', length('labels.') + 1)))
      ELSE line
    END
    ORDER BY position
  )
  FROM jsonb_array_elements(data) WITH ORDINALITY AS lines(line, position)
)
WHERE jsonb_typeof(data) = 'array'
  AND EXISTS (
    SELECT 1 FROM jsonb_array_elements(data) AS old(line) WHERE line ->> 'label' LIKE 'labels.%'
  );
