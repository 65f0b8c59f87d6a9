-- Dates in notifications are instants (ISO 8601, UTC) that the cabinet, the mail and Telegram
-- write with the one date format in the reader's language (decision 156). Those written before
-- as "YYYY-MM-DD HH24:MI UTC" become that instant; a date without a time (a restore's new
-- expiry) names no instant and stays as it was written.
UPDATE notifications
   SET data = (
     SELECT jsonb_agg(
              CASE WHEN line ->> 'label' = 'date'
                        AND line ->> 'value' ~ '^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$'
                   THEN jsonb_set(line, '{value}', to_jsonb(regexp_replace(
                          line ->> 'value', '^(\S+) (\S+) UTC$', '\1T\2:00.000Z')))
                   ELSE line END
              ORDER BY position)
       FROM jsonb_array_elements(data) WITH ORDINALITY AS lines (line, position))
 WHERE data @> '[{"label": "date"}]';
