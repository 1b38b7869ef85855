// Ports for child records and their photos. Owned by the kids feature; see backend-ports.ts.
import type { Unsubscribe } from './backend-ports'

export interface KidsPort {
  [key: string]: unknown
}

export interface PhotoStoragePort {
  [key: string]: unknown
}

export type { Unsubscribe }
