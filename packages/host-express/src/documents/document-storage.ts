import type { Readable } from 'node:stream';

/**
 * Where document bytes live: a port with two adapters, local disk under FILES_DIR (the default)
 * and S3-compatible object storage (S3_BUCKET set). A document row's `storage_key` is a relative,
 * '/'-separated key: a path under FILES_DIR, or the object key under S3_PREFIX.
 */
export interface DocumentStorage {
  readonly kind: 'disk' | 's3';
  /** Size of the stored file, or null when there is none. */
  stat(storageKey: string): Promise<{ size: number } | null>;
  /** The file's bytes as a stream and its size, or null when there is none. */
  open(storageKey: string): Promise<StoredFile | null>;
  /** Stores a file (the demo seed's `putFile`, imports). */
  put(storageKey: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a stream of exactly `size` bytes without holding it in memory (request attachments;
   * S3 needs the length up front). Fails, leaving nothing behind, if the stream ends short or long.
   */
  putStream(storageKey: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** Deletes a file; a missing one is no error. */
  remove(storageKey: string): Promise<void>;
  /** Releases clients and sockets. */
  close(): void;
}

export interface StoredFile {
  size: number;
  /** Destroy it if you do not read it to the end. */
  body: Readable;
}

/** A storage key that could leave FILES_DIR / S3_PREFIX, or is not a key at all. Never served. */
export class StorageKeyError extends Error {
  override readonly name = 'StorageKeyError';
}

const MAX_KEY_LENGTH = 1024;
// C0 and C1 controls (and DEL); backslashes (Windows separators).
const FORBIDDEN = /[\p{Cc}\\]/u;

/**
 * Throws StorageKeyError unless `key` is a plain relative key: 1–1024 characters, no control
 * characters or backslashes, not absolute, and no empty, "." or ".." segment. Checked before any
 * file system or S3 call, for both adapters (the disk adapter also checks the resolved path).
 */
export function checkStorageKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new StorageKeyError('storage key is empty or too long');
  }
  if (FORBIDDEN.test(key)) throw new StorageKeyError('storage key has control characters or backslashes');
  if (key.startsWith('/')) throw new StorageKeyError('storage key is absolute');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new StorageKeyError('storage key has an empty, "." or ".." segment');
    }
  }
  return key;
}
