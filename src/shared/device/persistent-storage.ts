// Whether the browser keeps this site's data when the device runs short of space. By default its
// storage is "best-effort": under storage pressure the browser may delete it, children waiting to be
// sent and their photos included. Once a parent has queued a child, the app asks for persistent storage
// (navigator.storage.persist(); browsers grant it by their own rules, some without asking the person),
// and 'Your data' says which it is (docs/decisions/0022-keep-the-device-data.md).

/** The part of StorageManager used here (absent in some browsers and in tests). */
export interface StorageKeeping {
  persist?(): Promise<boolean>
  persisted?(): Promise<boolean>
}

function defaultStorage(): StorageKeeping | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage
}

// The browser's answer is one per site, whoever asked: screens showing it hear of a change here.
const listeners = new Set<(kept: boolean) => void>()

/** Calls `listener` when a request changed what the browser keeps; returns the unsubscribe. */
export function onDeviceDataKeptChange(listener: (kept: boolean) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether the browser keeps this site's data under storage pressure (false when it cannot say). */
export async function deviceDataKept(storage = defaultStorage()): Promise<boolean> {
  try {
    return (await storage?.persisted?.()) === true
  } catch {
    return false
  }
}

/** Asks the browser to keep this site's data, unless it already does. Never throws. */
export async function askToKeepDeviceData(storage = defaultStorage()): Promise<boolean> {
  if (await deviceDataKept(storage)) return true
  let kept = false
  try {
    kept = (await storage?.persist?.()) === true
  } catch {
    kept = false
  }
  for (const listener of listeners) listener(kept)
  return kept
}

/**
 * Asks once, the first time `count` (the outbox's number of waiting submissions) is above zero: from
 * then on the device holds something only it has. `watchCount` subscribes to the count and returns its
 * unsubscribe; so does this.
 */
export function keepDeviceDataOnceQueued(
  watchCount: (listener: (count: number) => void) => () => void,
  storage = defaultStorage(),
): () => void {
  let asked = false
  let stopped = false
  // Asked: nothing more to watch for (a microtask later, as the first count may come during the call).
  const stop = watchCount((count) => {
    if (asked || count <= 0) return
    asked = true
    void askToKeepDeviceData(storage)
    queueMicrotask(unsubscribe)
  })
  function unsubscribe() {
    if (stopped) return
    stopped = true
    stop()
  }
  return unsubscribe
}
