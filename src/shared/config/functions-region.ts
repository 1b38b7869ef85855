// Where the Cloud Functions run (docs/decisions/0025-region.md): the app calls them there, and
// functions/src/region.ts deploys them there.
export const FUNCTIONS_REGION = 'europe-west1'
