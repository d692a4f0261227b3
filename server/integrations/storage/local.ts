/**
 * Media storage on the local disk (the embedded default): one file per key
 * under the media directory, e.g. <MEDIA_DIR>/media/ab/ab12….jpg.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, promises as fs } from "node:fs";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { assertStorageKey, type ByteRange, type MediaStorage, type StoredObject } from "./storage";

function errorCode(err: unknown): string | undefined {
  return err instanceof Error && "code" in err ? String((err as NodeJS.ErrnoException).code) : undefined;
}

export class LocalMediaStorage implements MediaStorage {
  // Directories already created by this instance: a seed writes hundreds of
  // thousands of keys into a few hundred directories.
  private readonly knownDirs = new Set<string>();

  constructor(readonly rootDir: string) {}

  /** Absolute path of a key's file (for serving with sendfile-style APIs). */
  pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.rootDir, key);
  }

  private async ensureDir(path: string): Promise<void> {
    const dir = dirname(path);
    if (this.knownDirs.has(dir)) return;
    await fs.mkdir(dir, { recursive: true });
    this.knownDirs.add(dir);
  }

  private tempPath(path: string): string {
    return `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await this.ensureDir(path);
    const temp = this.tempPath(path);
    try {
      await fs.writeFile(temp, data);
      await fs.rename(temp, path);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async putFile(key: string, source: string): Promise<void> {
    const path = this.pathOf(key);
    await this.ensureDir(path);
    const temp = this.tempPath(path);
    try {
      await fs.copyFile(source, temp);
      await fs.rename(temp, path);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (err) {
      if (errorCode(err) === "ENOENT") return null;
      throw err;
    }
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), "r");
    } catch (err) {
      if (errorCode(err) === "ENOENT") return null;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      const start = range ? range.start : 0;
      const end = range ? Math.min(range.end, size - 1) : size - 1;
      if (start > end) {
        // Nothing to read (an empty file, or a range past the end): an empty body, the handle closed.
        await handle.close();
        return { body: new Blob([]).stream(), size: 0, totalSize: size };
      }
      // The stream owns the handle from here on and closes it at the end or on cancel.
      const stream = createReadStream("", { fd: handle, autoClose: true, start, end });
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size: end - start + 1, totalSize: size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (err) {
      if (errorCode(err) === "ENOENT") return false;
      throw err;
    }
  }

  /**
   * A hard link: no bytes are copied, and deleting either key leaves the
   * other intact. Falls back to a byte copy where links are impossible
   * (another file system, too many links to one file, no link support).
   */
  async copy(fromKey: string, toKey: string): Promise<void> {
    const from = this.pathOf(fromKey);
    const to = this.pathOf(toKey);
    await this.ensureDir(to);
    try {
      await fs.link(from, to);
      return;
    } catch (err) {
      const code = errorCode(err);
      if (code === "ENOENT") throw err;
      if (code !== "EEXIST" && code !== "EXDEV" && code !== "EMLINK" && code !== "EPERM" && code !== "ENOTSUP") throw err;
    }
    // The target exists or cannot be a link: build it beside and rename over,
    // so a reader sees the old object or the new one, never neither.
    const temp = this.tempPath(to);
    try {
      try {
        await fs.link(from, temp);
      } catch (err) {
        if (errorCode(err) === "ENOENT") throw err;
        await fs.copyFile(from, temp);
      }
      await fs.rename(temp, to);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await fs.unlink(this.pathOf(key));
    } catch (err) {
      if (errorCode(err) !== "ENOENT") throw err;
    }
  }
}

export function createLocalMediaStorage(rootDir: string): LocalMediaStorage {
  return new LocalMediaStorage(rootDir);
}
