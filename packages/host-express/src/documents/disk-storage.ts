import { constants } from 'node:fs';
import { type FileHandle, mkdir, open, realpath, rm, writeFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import {
  checkStorageKey,
  type DocumentStorage,
  StorageKeyError,
  type StoredFile,
} from './document-storage.js';

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP']);

const isMissing = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && MISSING.has(String((error as { code?: unknown }).code));

/** True when `path` is `root` itself or below it (both absolute, normalised). */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/**
 * Files under `filesDir`. Path traversal is refused three times over: the key's own shape
 * (checkStorageKey), the resolved path must stay inside filesDir, and so must its real path (a
 * symbolic link inside filesDir cannot point out of it). Only regular files are served.
 */
export function createDiskStorage(filesDir: string): DocumentStorage {
  const root = resolve(filesDir);

  function pathOf(key: string): string {
    const path = resolve(root, checkStorageKey(key));
    if (!isInside(root, path)) throw new StorageKeyError('storage key resolves outside FILES_DIR');
    return path;
  }

  /** Opens the file after checking where it really is; null when it does not exist. */
  async function openChecked(key: string): Promise<FileHandle | null> {
    const path = pathOf(key);
    let real: string;
    let realRoot: string;
    try {
      [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (!isInside(realRoot, real)) throw new StorageKeyError('storage key leads outside FILES_DIR');
    let handle: FileHandle;
    try {
      // O_NOFOLLOW: the checked real path must not be swapped for a link in between.
      handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      if ((await handle.stat()).isFile()) return handle;
    } catch (error) {
      await handle.close();
      throw error;
    }
    await handle.close();
    return null;
  }

  /** The file's path, its directory created and checked to be inside FILES_DIR. */
  async function writablePath(key: string): Promise<string> {
    const path = pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const [realDir, realRoot] = await Promise.all([realpath(dirname(path)), realpath(root)]);
    if (realDir !== realRoot && !isInside(realRoot, realDir)) {
      throw new StorageKeyError('storage key leads outside FILES_DIR');
    }
    return path;
  }

  const WRITE_FLAGS =
    constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0);

  return {
    kind: 'disk',
    async stat(key) {
      const handle = await openChecked(key);
      if (!handle) return null;
      try {
        return { size: (await handle.stat()).size };
      } finally {
        await handle.close();
      }
    },
    async open(key): Promise<StoredFile | null> {
      const handle = await openChecked(key);
      if (!handle) return null;
      let size: number;
      try {
        size = (await handle.stat()).size;
      } catch (error) {
        await handle.close();
        throw error;
      }
      // The stream owns the handle and closes it when it ends or is destroyed.
      return { size, body: handle.createReadStream({ autoClose: true }) };
    },
    async put(key, bytes) {
      await writeFile(await writablePath(key), bytes, { flag: WRITE_FLAGS });
    },
    async putStream(key, body, size) {
      let path: string;
      try {
        path = await writablePath(key);
      } catch (error) {
        body.destroy();
        throw error;
      }
      let written = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          written += chunk.length;
          done(written > size ? new Error(`the stream is longer than ${size} bytes`) : null, chunk);
        },
        flush(done) {
          done(written === size ? null : new Error(`the stream ended after ${written} of ${size} bytes`));
        },
      });
      try {
        const handle = await open(path, WRITE_FLAGS, 0o644);
        await pipeline(body, counted, handle.createWriteStream({ autoClose: true }));
      } catch (error) {
        body.destroy();
        await rm(path, { force: true });
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    close() {},
  };
}
