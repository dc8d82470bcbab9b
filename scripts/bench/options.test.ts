import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readOptions, root, UsageError } from './options'

describe('the bench command line', () => {
  it('measures five loads and runs Lighthouse on a fresh build of dist/ by default', () => {
    expect(readOptions([], {})).toEqual({
      outDir: path.join(root, 'dist'),
      skipBuild: false,
      runs: 5,
      lighthouse: true,
      lighthouseRuns: 5,
      json: path.join(root, 'bench-results.json'),
    })
  })

  it('reads each option, and the out dir and skipped build from the environment', () => {
    expect(
      readOptions(['--runs', '2', '--no-lighthouse', '--lighthouse-runs=3', '--json', 'out.json'], {
        BENCH_DIST_DIR: 'build',
        BENCH_SKIP_BUILD: '1',
      }),
    ).toEqual({
      outDir: path.join(root, 'build'),
      skipBuild: true,
      runs: 2,
      lighthouse: false,
      lighthouseRuns: 3,
      json: path.join(root, 'out.json'),
    })
    expect(readOptions(['--out-dir', '/tmp/b', '--skip-build'], {})).toMatchObject({
      outDir: '/tmp/b',
      skipBuild: true,
    })
  })

  it('refuses unknown options, missing values and counts that are not whole numbers', () => {
    expect(() => readOptions(['--fast'], {})).toThrow(UsageError)
    expect(() => readOptions(['--json'], {})).toThrow(UsageError)
    expect(() => readOptions(['--runs', '0'], {})).toThrow('--runs takes a whole number ≥ 1')
    expect(() => readOptions(['--lighthouse-runs', '1.5'], {})).toThrow(UsageError)
  })
})
