// The bucket where no Storage emulator runs (npm start and the browser suite on machines without it):
// it holds no objects, and appends each delete it is asked for to a file, one JSON line each
// ({ "op": "delete" | "deleteFolder", "path": "images/…", "at": ms }), so that a browser test reads
// which photos a function deleted. Chosen by SUNBEAM_STORAGE_LOG (functions/src/services.ts).
import { appendFile } from 'node:fs/promises'
import type { PhotoBucket } from './ports'

export interface LoggedDelete {
  readonly op: 'delete' | 'deleteFolder' | 'makePrivate'
  readonly path: string
  readonly at: number
}

export function loggedBucket(file: string, now: () => number = Date.now): PhotoBucket {
  const log = (op: LoggedDelete['op'], path: string) =>
    appendFile(file, `${JSON.stringify({ op, path, at: now() } satisfies LoggedDelete)}\n`)
  return {
    async list() {
      return []
    },
    delete: (path) => log('delete', path),
    deleteFolder: (prefix) => log('deleteFolder', prefix),
    makePrivate: (path) => log('makePrivate', path),
    // It holds no objects: there is nothing to read (no Storage event reaches it either).
    async firstBytes() {
      return null
    },
  }
}
