// Schema 1: the tables and indexes as the first releases created them (before schema versions),
// written out in full and frozen: migration 1 must build today and forever exactly what those
// releases built. Later changes are later migrations (migrations.ts), never edits here.
// Column names are the API's own field names, so a record is a row minus `org_id`. Every table
// carries `org_id`: a token sees only its organisation's rows.
export const schemaV1 = `
CREATE TABLE IF NOT EXISTS organisation (
  org_id INTEGER PRIMARY KEY,
  org_name TEXT NOT NULL,
  product_properties TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS apikey (
  apikey TEXT PRIMARY KEY,
  org_id INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS token (
  token TEXT PRIMARY KEY,
  apikey TEXT NOT NULL,
  org_id INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS grp (
  grp_id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL,
  grp_name TEXT NOT NULL,
  grp_description TEXT,
  grp_parent_id INTEGER,
  grp_external_id TEXT,
  grp_external_name TEXT,
  grp_created_date TEXT,
  grp_updated_date TEXT
);
CREATE INDEX IF NOT EXISTS grp_org ON grp (org_id);
CREATE INDEX IF NOT EXISTS grp_org_parent ON grp (org_id, grp_parent_id);
CREATE INDEX IF NOT EXISTS grp_org_external ON grp (org_id, grp_external_id);
CREATE INDEX IF NOT EXISTS grp_org_name ON grp (org_id, grp_name);

CREATE TABLE IF NOT EXISTS portal_user (
  user_id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL,
  email TEXT,
  firstname TEXT,
  lastname TEXT,
  user_organisation_identifier TEXT,
  properties TEXT NOT NULL DEFAULT '{}',
  user_created_date TEXT,
  user_updated_date TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS user_org_identifier ON portal_user (org_id, user_organisation_identifier);

CREATE TABLE IF NOT EXISTS user_grp (
  user_grp_id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL,
  user_grp_grp_id INTEGER NOT NULL,
  user_grp_user_id INTEGER NOT NULL,
  user_grp_group_admin INTEGER NOT NULL DEFAULT 0,
  user_grp_created_date TEXT,
  user_grp_updated_date TEXT
);
-- The duplicate-membership rule (409) is enforced by the database, not by a read-then-write.
CREATE UNIQUE INDEX IF NOT EXISTS user_grp_pair ON user_grp (user_grp_grp_id, user_grp_user_id);
CREATE INDEX IF NOT EXISTS user_grp_org ON user_grp (org_id);
CREATE INDEX IF NOT EXISTS user_grp_org_grp ON user_grp (org_id, user_grp_grp_id);
CREATE INDEX IF NOT EXISTS user_grp_org_user ON user_grp (org_id, user_grp_user_id, user_grp_grp_id);

CREATE TABLE IF NOT EXISTS product (
  product_id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL,
  product_created_by_user_id INTEGER,
  product_updated_by_user_id INTEGER,
  product_provider_id INTEGER,
  product_for_sale INTEGER,
  product_add_to_catalog INTEGER,
  product_min_score INTEGER,
  product_duration INTEGER,
  product_certificate_report INTEGER,
  product_allow_notation INTEGER,
  product_certificate_unit INTEGER,
  product_certificate_hour INTEGER,
  product_waiting_list INTEGER,
  product_show_list_of_participants INTEGER,
  product_min_participant INTEGER,
  product_product_access_expired_day INTEGER,
  product_event_access_need_approval INTEGER,
  product_price REAL,
  product_event_date TEXT,
  product_event_end_date TEXT,
  product_created_date TEXT,
  product_updated_date TEXT,
  product_i18n_language_id TEXT,
  product_event_type TEXT,
  product_external_code TEXT,
  product_image_full_url TEXT,
  product_do_before_type TEXT,
  product_key TEXT,
  product_type_id TEXT,
  product_status TEXT,
  product_certificate_working_type TEXT,
  product_external_id TEXT,
  product_i18n_slug TEXT,
  product_i18n_title TEXT,
  product_i18n_summary TEXT,
  product_i18n_description TEXT,
  product_i18n_name TEXT,
  product_i18n_learn TEXT,
  product_i18n_certificate_mention TEXT,
  product_i18n_region TEXT,
  product_i18n_admissibility TEXT,
  product_i18n_audience TEXT,
  product_i18n_how_to_access TEXT,
  product_i18n_extra_info TEXT,
  product_i18n_programmation TEXT,
  product_i18n_image_spotlight TEXT,
  product_i18n_first_reminder_text TEXT,
  product_i18n_second_reminder_text TEXT,
  product_i18n_post_reminder_text TEXT,
  product_i18n_speaker_bio TEXT,
  product_i18n_registration_text TEXT,
  product_i18n_creator_name TEXT,
  product_i18n_creator_url TEXT,
  product_i18n_promo_video_url TEXT,
  product_i18n_promo_video_url_vimeo_video_id TEXT,
  product_i18n_promo_video_url_vimeo_video_status TEXT,
  product_i18n_external_link TEXT,
  product_i18n_do_external_link TEXT,
  product_i18n_video_transcription TEXT,
  product_i18n_content TEXT,
  product_i18n_image TEXT,
  product_i18n_price_label TEXT
);
CREATE INDEX IF NOT EXISTS product_org_type ON product (org_id, product_type_id);

CREATE TABLE IF NOT EXISTS take (
  take_id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL,
  take_product_id INTEGER NOT NULL,
  take_user_id INTEGER NOT NULL,
  take_score INTEGER,
  take_started_date TEXT,
  take_completed_date TEXT,
  take_created_date TEXT,
  take_updated_date TEXT
);
CREATE INDEX IF NOT EXISTS take_org_user ON take (org_id, take_user_id);
CREATE INDEX IF NOT EXISTS take_org_product ON take (org_id, take_product_id);

CREATE TABLE IF NOT EXISTS availability_group (
  availability_group_id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL,
  availability_group_product_id INTEGER NOT NULL,
  availability_group_order INTEGER,
  availability_group_status TEXT,
  availability_group_created_date TEXT,
  availability_group_updated_date TEXT
);
CREATE INDEX IF NOT EXISTS availability_group_org ON availability_group (org_id);
CREATE INDEX IF NOT EXISTS availability_group_org_product ON availability_group (org_id, availability_group_product_id);

CREATE TABLE IF NOT EXISTS product_access (
  product_access_id INTEGER PRIMARY KEY,
  org_id INTEGER NOT NULL,
  product_access_product_id INTEGER NOT NULL,
  product_access_user_id INTEGER NOT NULL,
  product_access_certificate TEXT,
  product_access_created_date TEXT,
  product_access_updated_date TEXT,
  product_access_expired_date TEXT
);
CREATE INDEX IF NOT EXISTS product_access_org ON product_access (org_id);
CREATE INDEX IF NOT EXISTS product_access_org_product ON product_access (org_id, product_access_product_id);
CREATE INDEX IF NOT EXISTS product_access_org_user ON product_access (org_id, product_access_user_id);
`;
