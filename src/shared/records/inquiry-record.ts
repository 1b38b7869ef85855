// The Quick Inquire form's record (decisions 16). Owned by the account feature.
export interface InquiryRecord {
  readonly name: string
  readonly lastName: string
  readonly email: string
  readonly subject: string
  readonly message: string
}
