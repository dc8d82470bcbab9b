import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * axe-core's minified build, evaluated into each document the browser tests check. The package's
 * `source` is its unminified build (1.48 MB against 0.65 MB): evaluating it into a blank page took
 * 1 569 ms against 1 148 ms for this (Chromium on a loaded machine, medians of 12, alternated); in
 * settings.e2e, whose 30 first checks took 15.7–19.4 s with this and 18.2–19.9 s with it, the gain is
 * small — most of a check is axe's run, not its injection.
 */
export const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
