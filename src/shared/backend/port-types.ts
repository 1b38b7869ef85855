// The two types every port speaks: a listener's way out and a write kept on the device. A leaf module,
// so the ports of each area import it and not backend-ports.ts, which imports them.

export type Unsubscribe = () => void

/**
 * A write kept on this device (Firestore's cache and queue), which goes to the server by itself. The
 * screen says it is kept here until `sent` resolves: the server has it. `sent` rejects if the server
 * refuses it, and waits for as long as the server cannot be reached.
 */
export interface QueuedWrite {
  readonly sent: Promise<void>
}
