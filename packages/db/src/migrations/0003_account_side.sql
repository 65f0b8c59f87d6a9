-- 0003: account side (issue 3): notification channel settings, FAQ, system alerts.
-- pg-boss keeps its own tables in its own schema (JOBS_SCHEMA, default "pgboss"); it creates
-- and migrates them itself on start.

-- Per-user channel switches of one notification type. No row = the defaults of
-- notifications.service.ts (database on; mail on for security and money events).
CREATE TABLE notification_settings (
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The notification type (an i18n key such as 'notifications.password_changed').
  type       text        NOT NULL,
  mail       boolean     NOT NULL,
  database   boolean     NOT NULL,
  telegram   boolean     NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- notify() reads the row of (user, type): the primary key serves it.
  PRIMARY KEY (user_id, type)
);

-- FAQ: loaded from src/db/seed/catalogue/faq.json at start, upserted by key.
CREATE TABLE faq_categories (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key        text        NOT NULL UNIQUE,
  position   integer     NOT NULL,
  title_en   text        NOT NULL,
  title_ru   text        NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE faq_items (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category_id bigint      NOT NULL REFERENCES faq_categories (id) ON DELETE CASCADE,
  -- Nested answers ("children") point to their parent item.
  parent_id   bigint      REFERENCES faq_items (id) ON DELETE CASCADE,
  key         text        NOT NULL UNIQUE,
  position    integer     NOT NULL,
  title_en    text        NOT NULL,
  title_ru    text        NOT NULL,
  -- Sanitised HTML (sanitize-html allow-list) - never the raw catalogue text.
  content_en  text        NOT NULL,
  content_ru  text        NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- GET /profile/faq reads every item of a category in order.
CREATE INDEX faq_items_category_idx ON faq_items (category_id, position);

-- Operator banners shown once per session in the cabinet (npm run admin -- alerts:*).
CREATE TABLE system_alerts (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  description_en text        NOT NULL,
  description_ru text        NOT NULL,
  is_active      boolean     NOT NULL DEFAULT true,
  type           text        NOT NULL DEFAULT 'info'
                 CHECK (type IN ('info', 'warning', 'error', 'success')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
-- GET /profile/alerts lists the active ones only.
CREATE INDEX system_alerts_active_idx ON system_alerts (id) WHERE is_active;
