// npm run platform:check -- --api <origin> --token <portal token> [--merchant <id>]: reads every GET call
// of contract/endpoints.ts from a live platform with the portal's own client and readers, prints a line
// per call, and exits 1 when a reader refused or dropped anything or a call was not answered.
import { parseArgs } from 'node:util'
import { formatReport, hasProblems, runPlatformCheck } from './platform-check/check'

const USAGE =
  'usage: npm run platform:check -- --api <platform origin> --token <portal token> [--merchant <id>]'

const { values } = parseArgs({
  options: {
    api: { type: 'string' },
    token: { type: 'string' },
    merchant: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})

if (values.help) {
  console.log(USAGE)
} else if (!values.api || !URL.canParse(values.api) || !/^https?:$/.test(new URL(values.api).protocol)) {
  console.error(`--api must be an http or https URL\n${USAGE}`)
  process.exitCode = 2
} else if (!values.token) {
  console.error(`--token is required: a portal token, as the token exchange gives it\n${USAGE}`)
  process.exitCode = 2
} else {
  const report = await runPlatformCheck({ api: values.api, token: values.token, merchant: values.merchant })
  console.log(formatReport(report))
  process.exitCode = hasProblems(report) ? 1 : 0
}
