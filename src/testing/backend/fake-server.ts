// The fake backend's server for writes kept on the device (a name change, an inquiry): it acknowledges
// each at once, as a server that answers does, or, while held (a connection that answers nothing),
// only when the test answers or refuses. Test helper only: the app never imports it.
import type { QueuedWrite } from '#shared/backend/backend-ports'

export interface FakeServer {
  /** From now on writes wait for the server's answer. */
  hold(): void
  /** The server answers: every waiting write is sent, and later ones at once. */
  answer(): void
  /** The server refuses every waiting write; later ones are answered at once. */
  refuse(): void
  /** How many writes wait for the server. */
  waiting(): number
  /** A write kept on the device, its `sent` settled as the server decides. */
  write(): QueuedWrite
}

export function createFakeServer(): FakeServer {
  let held = false
  let pending: { resolve: () => void; reject: (error: Error) => void }[] = []
  const settleAll = (settle: (write: (typeof pending)[number]) => void) => {
    held = false
    const settling = pending
    pending = []
    for (const write of settling) settle(write)
  }
  return {
    hold() {
      held = true
    },
    answer: () => settleAll((write) => write.resolve()),
    refuse: () => settleAll((write) => write.reject(new Error('fake server refused the write'))),
    waiting: () => pending.length,
    write() {
      if (!held) return { sent: Promise.resolve() }
      return { sent: new Promise<void>((resolve, reject) => pending.push({ resolve, reject })) }
    },
  }
}
