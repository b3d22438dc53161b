import { type Kysely, sql } from 'kysely';

// Requests, second part: attachments, and no read versions for the requests' tables.
//
// - request_attachments: a file attached to a request, stored in the documents storage (disk or S3)
//   under `storage_key`. `scan` is the virus scanner's verdict: 'pending' until clamd answers,
//   'clean' or 'infected' (never served), 'not_scanned' without a scanner, 'failed' when the scan
//   could not finish (not served). A newer version of a file names the one it `replaces`.
//   `document_id` is set once the file is saved to the company's documents (a document request's
//   answer).
// - 0013 attached read-version triggers to the requests' tables. Nothing cached reads them (every
//   requests route is answered no-store, straight from the store), and a comment would have made
//   every cached answer of its company (dashboard, analytics) computed again. They are dropped.

const REQUEST_TABLES = [
  'company_request_settings',
  'requests',
  'request_participants',
  'request_comments',
  'request_events',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of REQUEST_TABLES) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql.raw(`drop trigger if exists ${table}_read_versions_${event} on ${table}`).execute(db);
    }
  }
  await sql
    .raw(`create table request_attachments (
      id text primary key check (length(id) <= 64),
      request_id text not null,
      company_id text not null references companies (id) on delete cascade,
      file_name text not null check (length(file_name) between 1 and 255),
      content_type text not null check (length(content_type) <= 127),
      size_bytes integer not null check (size_bytes >= 0),
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      storage_key text not null check (length(storage_key) <= 512),
      scan text not null check (scan in ('pending', 'clean', 'infected', 'not_scanned', 'failed')),
      scan_detail text check (length(scan_detail) <= 500),
      version integer not null default 1 check (version > 0),
      replaces_id text references request_attachments (id) on delete set null,
      uploaded_by text not null references users (id),
      on_behalf_of text references companies (id) on delete cascade,
      document_id text references documents (id) on delete set null,
      created_at timestamptz not null default now(),
      foreign key (request_id, company_id) references requests (id, company_id) on delete cascade
    )`)
    .execute(db);
  await sql`create index request_attachments_request_idx on request_attachments (request_id, created_at)`.execute(
    db,
  );
  await sql`create index request_attachments_scan_idx on request_attachments (scan) where scan = 'pending'`.execute(
    db,
  );
  await sql`alter table request_events drop constraint if exists request_events_kind_check`.execute(db);
  await sql
    .raw(`alter table request_events add constraint request_events_kind_check check (kind in (
      'created', 'status', 'assigned', 'due', 'check_in', 'comment', 'participant_added',
      'participant_removed', 'visibility', 'priority', 'approved', 'reopened', 'attachment',
      'reminder', 'auto_resolved'))`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists request_attachments`.execute(db);
}
