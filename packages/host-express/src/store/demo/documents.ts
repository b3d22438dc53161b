import type { DocumentsTable, NewRow } from '../schema.js';
import { ACME, GLOBEX } from './crm.js';
import { buildPdf } from './pdf.js';
import { daysAgo } from './time.js';

export interface DemoFile {
  /** Where the bytes go: a path under FILES_DIR (disk) or an object key (S3). */
  storageKey: string;
  contentType: string;
  bytes: Buffer;
}

type DocPlan = [
  id: string,
  company: string,
  title: string,
  fileName: (year: number) => string,
  category: DocumentsTable['category'],
  description: string | null,
  daysAgo: number,
  lines: readonly string[],
];

const DOCUMENTS: DocPlan[] = [
  [
    'doc-acme-msa',
    ACME,
    'Master Services Agreement',
    (y) => `MSA ${y}.pdf`,
    'contract',
    'Signed master agreement between Acme Corporation and the provider.',
    300,
    [
      'Between Acme Corporation and the provider.',
      'Term: 24 months from the effective date, renewing yearly.',
      'Services are ordered through Statements of Work.',
      'Demo document generated for the client portal.',
    ],
  ],
  [
    'doc-acme-sow-portal',
    ACME,
    'Statement of Work: Customer Portal Rebuild',
    () => 'SOW Customer Portal Rebuild.pdf',
    'statement-of-work',
    'Scope, team and milestones of the PORTAL project.',
    150,
    [
      'Project: Customer Portal Rebuild (PORTAL).',
      'Team: Premium Team "Portal Delivery Squad".',
      'Milestones: discovery, beta, general availability.',
    ],
  ],
  [
    'doc-acme-invoice',
    ACME,
    'Invoice INV-0142',
    () => 'Invoice INV-0142.pdf',
    'invoice',
    null,
    20,
    [
      'Invoice INV-0142 for Acme Corporation.',
      'Premium Team: Portal Delivery, 160 hours.',
      'Payment due within 30 days.',
    ],
  ],
  [
    'doc-acme-report',
    ACME,
    'Quarterly Delivery Report',
    (y) => `Delivery Report Q ${y}.pdf`,
    'report',
    'DORA metrics and highlights of the last quarter.',
    7,
    [
      'Deployment frequency: several per day (PORTAL).',
      'Lead time for changes: under one day (median).',
      'Change failure rate and recovery time within target.',
    ],
  ],
  [
    'doc-globex-msa',
    GLOBEX,
    'Master Services Agreement',
    (y) => `MSA ${y}.pdf`,
    'contract',
    'Signed master agreement between Globex Industries and the provider.',
    110,
    ['Between Globex Industries and the provider.', 'Term: 12 months from the effective date.'],
  ],
  [
    'doc-globex-security',
    GLOBEX,
    'Information Security Policy',
    () => 'Information Security Policy.pdf',
    'policy',
    null,
    45,
    ['How the provider protects Globex data.', 'Access is least-privilege and reviewed quarterly.'],
  ],
];

/** The demo documents' rows and their PDF files, stored under `demo/<company>/<id>.pdf`. */
export function demoDocuments(now: Date): { rows: NewRow<'documents'>[]; files: DemoFile[] } {
  const rows: NewRow<'documents'>[] = [];
  const files: DemoFile[] = [];
  for (const [id, company, title, fileName, category, description, age, lines] of DOCUMENTS) {
    const createdAt = daysAgo(now, age, 9);
    const bytes = buildPdf({ title, lines, createdAt });
    const storageKey = `demo/${company}/${id}.pdf`;
    files.push({ storageKey, contentType: 'application/pdf', bytes });
    rows.push({
      id,
      company_id: company,
      title,
      file_name: fileName(createdAt.getUTCFullYear()),
      description,
      category,
      content_type: 'application/pdf',
      size_bytes: bytes.length,
      storage_key: storageKey,
      created_at: createdAt,
      updated_at: age > 100 ? daysAgo(now, age - 30, 9) : null,
    });
  }
  return { rows, files };
}
