// Ports for the parent's news: their notices (written by the function registrationNotice) and push to
// this device. No Firebase types here.
import type { Notice } from '#shared/records/notice-record'
import type { Unsubscribe } from './port-types'

/** The notices as last seen, newest first; fromCache while they come from this device only. */
export interface NoticesSeen {
  readonly notices: readonly Notice[]
  readonly fromCache: boolean
}

export interface NoticesPort {
  /** The parent's notices, newest first, live (from this device's cache first, so offline too). */
  watch(userId: string, listener: (seen: NoticesSeen) => void, onError: (error: Error) => void): Unsubscribe
  /** Marks one read (the server's time); resolves once queued on this device (offline too). */
  markRead(userId: string, noticeId: string): Promise<void>
}

/**
 * Push on this device:
 * - unsupported: the browser cannot deliver it (no service worker, Push API or notifications);
 * - install-first: an iPhone or iPad outside the installed app (Safari delivers push only there);
 * - denied: the parent (or the browser) refused notifications for this site;
 * - off / on: whether this device's subscription is kept for the parent.
 */
export type PushState = 'unsupported' | 'install-first' | 'denied' | 'off' | 'on'

export interface PushPort {
  state(userId: string): Promise<PushState>
  /** Asks the browser's permission (call only from the parent's own tap), subscribes, keeps the device. */
  turnOn(userId: string): Promise<PushState>
  /**
   * Forgets this device's subscription on the server and in the browser (turned off, sign-out, a deleted
   * account). Resolves within about `withinMs` whatever the connection: an endpoint left on the server is
   * removed by the function when the push service answers that it is gone.
   */
  turnOff(userId: string, withinMs?: number): Promise<void>
}
