// This hour's inquiries against the overall ceiling (inquiryQuota/all, kept by the function
// submitInquiry): 'Inquiries this hour: 12 of 60'. Past the ceiling the form refuses everyone until the
// hour's oldest ones age out, so staff can tell a flood from a quiet day. Nothing is said while no
// inquiry was counted yet or the count cannot be read: it is a hint, not a record.
import { useEffect, useState } from 'react'
import type { CentrePort } from '#shared/backend/centre-ports'
import { type InquiryQuota, inquiriesThisHour } from '#shared/records/inquiry-quota'

export function InquiryQuotaLine({ port }: { readonly port: CentrePort }) {
  const [quota, setQuota] = useState<InquiryQuota | null>(null)
  const [now, setNow] = useState(() => Date.now())
  useEffect(
    () =>
      port.watchInquiryQuota(
        (next) => {
          setNow(Date.now())
          setQuota(next)
        },
        (error) => {
          console.warn("The hour's count of inquiries could not be read", error)
          setQuota(null)
        },
      ),
    [port],
  )
  // Inquiries age out of the hour without a write: count again each minute.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  if (quota === null) return null
  return (
    <p className="centre-muted centre-quota">
      Inquiries this hour: {inquiriesThisHour(quota, now)} of {quota.limit}
    </p>
  )
}
