// In-memory notices and push for component tests: notices are added as the function would write them,
// and every listener of that parent hears each change.
import type { NoticesPort, NoticesSeen, PushPort, PushState } from '#shared/backend/notices-ports'
import { type Notice, newestFirst } from '#shared/records/notice-record'

export class FakeNotices implements NoticesPort {
  private readonly byUser = new Map<string, Notice[]>()
  private readonly listeners = new Map<string, Set<(seen: NoticesSeen) => void>>()
  readonly marked: string[] = []

  /** What the function would write for `userId`. */
  add(userId: string, notice: Omit<Notice, 'readAt'> & { readAt?: number | null }): void {
    this.byUser.set(userId, [...(this.byUser.get(userId) ?? []), { readAt: null, ...notice }])
    this.emit(userId)
  }

  all(userId: string): readonly Notice[] {
    return newestFirst(this.byUser.get(userId) ?? [])
  }

  private emit(userId: string) {
    for (const listener of this.listeners.get(userId) ?? [])
      listener({ notices: this.all(userId), fromCache: false })
  }

  watch(userId: string, listener: (seen: NoticesSeen) => void) {
    const set = this.listeners.get(userId) ?? new Set()
    set.add(listener)
    this.listeners.set(userId, set)
    queueMicrotask(() => listener({ notices: this.all(userId), fromCache: false }))
    return () => {
      set.delete(listener)
    }
  }

  async markRead(userId: string, noticeId: string) {
    this.marked.push(noticeId)
    this.byUser.set(
      userId,
      (this.byUser.get(userId) ?? []).map((notice) =>
        notice.id === noticeId && notice.readAt === null ? { ...notice, readAt: Date.now() } : notice,
      ),
    )
    this.emit(userId)
  }
}

export class FakePush implements PushPort {
  /** What the browser would answer: its support, and the permission prompt's answer. */
  support: 'unsupported' | 'install-first' | 'supported' = 'supported'
  answer: 'granted' | 'denied' = 'granted'
  private readonly on = new Set<string>()
  readonly calls = { turnOn: 0, turnOff: 0 }

  async state(userId: string): Promise<PushState> {
    if (this.support !== 'supported') return this.support
    return this.on.has(userId) ? 'on' : 'off'
  }

  async turnOn(userId: string): Promise<PushState> {
    this.calls.turnOn += 1
    if (this.support !== 'supported') return this.support
    if (this.answer === 'denied') return 'denied'
    this.on.add(userId)
    return 'on'
  }

  async turnOff(userId: string) {
    this.calls.turnOff += 1
    this.on.delete(userId)
  }
}
