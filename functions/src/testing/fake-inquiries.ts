// In-memory inquiry ports for the unit tests.
import type { InquiryRecord } from '#shared/records/inquiry-record'
import { INQUIRY_WINDOW_MS, type InquiryQuota, type InquiryStore } from '../inquiry'

export function fakeInquiryPorts() {
  const stored = new Map<string, InquiryRecord>()
  const sent = new Map<string, number[]>()
  const quota: InquiryQuota = {
    async take(entries, now) {
      const recent = entries.map((entry) =>
        (sent.get(entry.key) ?? []).filter((at) => now - at < INQUIRY_WINDOW_MS),
      )
      if (recent.some((times, i) => times.length >= (entries[i]?.limit ?? 0))) return false
      entries.forEach((entry, i) => {
        sent.set(entry.key, [...(recent[i] ?? []), now])
      })
      return true
    },
  }
  const store: InquiryStore = {
    async exists(id) {
      return stored.has(id)
    },
    async create(id, inquiry) {
      if (!stored.has(id)) stored.set(id, inquiry)
    },
  }
  return { stored, sent, quota, store }
}
