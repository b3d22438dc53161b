import type { HostConfig } from '../config/index.js';
import type { DocumentStorage } from './document-storage.js';
import { createDiskStorage } from './disk-storage.js';
import { createS3Storage } from './s3-storage.js';

/** The configured storage (`config.documents.storage`). */
export function createDocumentStorage(documents: HostConfig['documents']): DocumentStorage {
  if (documents.storage === 's3') {
    if (!documents.s3) throw new Error('documents.storage is "s3" but documents.s3 is not configured');
    return createS3Storage(documents.s3);
  }
  return createDiskStorage(documents.filesDir);
}
