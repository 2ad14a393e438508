package watch

// SchemaVersion is the version of Schema; a database of a newer one is
// refused rather than misread, and one of an older one is migrated (see
// migrate).
const SchemaVersion = 3

// Schema is the database's layout, as docs/watch.md documents it for
// people who query watch.db with sqlite3. Times are UTC text in ISO 8601
// with milliseconds ("2026-11-01T09:30:00.000Z"), which SQLite's date
// functions read and which sort as text. No column holds a value of
// personal data: in a snapshot's document each such value is a keyed
// hash ("hmac:…"), and the changes of an event leave its values out.
//
// Every watch, snapshot, event and sweep belongs to a service: the base
// URL's host and path ("api.partner.example/v1"), "demo" for --demo. Each
// service has its own watchlist and history in the one file.
const Schema = `
CREATE TABLE IF NOT EXISTS meta (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- The watchlist: one row a watched advertisement of a service.
CREATE TABLE IF NOT EXISTS watches (
  service        TEXT NOT NULL, -- the base URL's host and path: api.partner.example/v1
  paid           TEXT NOT NULL,
  added_at       TEXT NOT NULL,
  state          TEXT NOT NULL DEFAULT 'new', -- new (never found), found, vanished
  last_polled_at TEXT,    -- the last poll, whatever came of it
  last_status    INTEGER, -- its HTTP status; 0 when no answer came
  last_error     TEXT,    -- its failure (server_error, network, not_found…); NULL when it had an answer to keep
  last_seen_at   TEXT,    -- the last poll that found the advertisement
  last_change_at TEXT,    -- the last changed, vanished or reappeared (a first is none)
  snapshot_id    INTEGER REFERENCES snapshots(id), -- the latest snapshot
  sweep_id       INTEGER NOT NULL DEFAULT 0,       -- the last sweep that polled it
  PRIMARY KEY (service, paid)
);

-- A snapshot of an advertisement's answer, stored when it changed.
CREATE TABLE IF NOT EXISTS snapshots (
  id        INTEGER PRIMARY KEY,
  service   TEXT NOT NULL,
  paid      TEXT NOT NULL,
  taken_at  TEXT NOT NULL,
  hash      TEXT NOT NULL, -- SHA-256 (hex) of document
  document  TEXT NOT NULL, -- the normalized answer as 'padview get --json' prints it, personal values as "hmac:…"
  verdict   TEXT NOT NULL, -- the transparency verdict: complete, incomplete, undetermined
  checks_id INTEGER NOT NULL REFERENCES checks(id) -- the status of each rule
);
CREATE INDEX IF NOT EXISTS snapshots_by_paid ON snapshots(service, paid, id);

-- The statuses of the rules of 'padview check', each set once: most
-- snapshots share one.
CREATE TABLE IF NOT EXISTS checks (
  id       INTEGER PRIMARY KEY,
  statuses TEXT NOT NULL UNIQUE -- JSON object, each rule to its status: {"payer": "present", …}
);

-- Each snapshot's rules, one row a rule.
CREATE VIEW IF NOT EXISTS snapshot_checks AS
  SELECT s.id AS snapshot_id, s.service, s.paid, s.taken_at, r.key AS rule, r.value AS status
  FROM snapshots s JOIN checks c ON c.id = s.checks_id, json_each(c.statuses) r;

-- What polls ended in, but "unchanged", which only moves last_polled_at
-- and last_seen_at. A run of failures is stored once, at its start.
CREATE TABLE IF NOT EXISTS events (
  id        INTEGER PRIMARY KEY,
  service   TEXT NOT NULL,
  paid      TEXT NOT NULL,
  at        TEXT NOT NULL,
  event     TEXT NOT NULL, -- first, changed, vanished, reappeared, failed
  before_id INTEGER REFERENCES snapshots(id), -- the snapshot before (changed, vanished, reappeared; failed: the one standing)
  after_id  INTEGER REFERENCES snapshots(id), -- the snapshot after (first, changed, reappeared; failed: the one standing)
  status    INTEGER,       -- the HTTP status (vanished, failed); 0 when no answer came
  error     TEXT,          -- what went wrong (vanished, failed)
  changes   TEXT NOT NULL DEFAULT '[]', -- JSON array of {"path", "before", "after", "change", "personal", "large"}, as 'watch log --json'
  delivered_at TEXT, -- when it was printed and its --on-change alert ran; NULL: not yet, and the next 'watch run' delivers it first
  alert_error  TEXT  -- why its --on-change alert failed; NULL when it ran, or there was none
);
CREATE INDEX IF NOT EXISTS events_by_time ON events(service, at);
CREATE INDEX IF NOT EXISTS events_by_paid ON events(service, paid, at);
CREATE INDEX IF NOT EXISTS events_undelivered ON events(service, id) WHERE delivered_at IS NULL;

-- Sweeps of a service's watchlist; one without finished_at was
-- interrupted, and the next run goes on with the advertisements it had
-- not polled.
CREATE TABLE IF NOT EXISTS sweeps (
  id          INTEGER PRIMARY KEY,
  service     TEXT NOT NULL,
  started_at  TEXT NOT NULL,
  finished_at TEXT
);
`
