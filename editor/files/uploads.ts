/**
 * The uploads running in this tab, outside any screen: closing the picker or leaving the Files
 * screen does not stop them (no lost work), and whichever view opens next shows them again.
 * `libraryVersion` counts finished uploads so file lists reload when one is ready.
 */
import { useSyncExternalStore } from 'react'
import type { Accept } from './check'
import { FileUpload } from './upload'

let uploads: readonly FileUpload[] = []
let libraryVersion = 0
const listeners = new Set<() => void>()

function changed() {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Starts one upload per file (newest first in the list); a replace names the file it replaces. */
export function startUploads(files: readonly File[], accept: Accept, replaceId?: string): FileUpload[] {
  const started = files.map((file) => new FileUpload(file, accept, replaceId))
  uploads = [...started, ...uploads]
  changed()
  for (const upload of started) {
    const stop = upload.subscribe(() => {
      if (!upload.done) return
      stop()
      if (upload.state.phase === 'ready') libraryVersion++
      changed()
    })
    void upload.run()
  }
  return started
}

/** Takes a finished upload off the list. */
export function dismissUpload(upload: FileUpload): void {
  uploads = uploads.filter((u) => u !== upload)
  changed()
}

/** The uploads of new files (no `replaceId`) or of one file's replacement. */
export function useUploads(replaceId?: string): readonly FileUpload[] {
  const all = useSyncExternalStore(subscribe, () => uploads)
  return all.filter((upload) => upload.replaceId === replaceId)
}

/** A number that grows whenever an upload finishes ready: a dependency for reloading lists. */
export function useLibraryVersion(): number {
  return useSyncExternalStore(subscribe, () => libraryVersion)
}

/** Counts a change made outside an upload (a rename, a delete) so lists reload. */
export function libraryChanged(): void {
  libraryVersion++
  changed()
}
