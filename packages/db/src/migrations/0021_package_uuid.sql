-- 0021: a public id per package (issue 11, decision 121). The statistics page
-- /statistics/{uuid}/all and the premium and unlimited panels name a package by uuid, not by its
-- sequential id. IF NOT EXISTS: another change of the same issue may add the same column.
ALTER TABLE packages ADD COLUMN IF NOT EXISTS uuid uuid NOT NULL DEFAULT gen_random_uuid();
-- GET /api/statistics/:uuid/:period looks a package up by uuid (then checks its owner).
CREATE UNIQUE INDEX IF NOT EXISTS packages_uuid_key ON packages (uuid);
