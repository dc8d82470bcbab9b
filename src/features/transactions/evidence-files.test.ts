import { describe, expect, it } from 'vitest'
import { DISPUTE_LIMITS } from '../../../contract/disputes'
import { evidenceFileProblem } from './evidence-files'

const file = (start: number[], size = 100) => {
  const bytes = new Uint8Array(size).fill(0x20)
  bytes.set(start.slice(0, size))
  return new Blob([bytes])
}

describe('evidence files checked in the browser', () => {
  it('takes PDF, PNG and JPEG by their first bytes, whatever their name', async () => {
    expect(await evidenceFileProblem(file([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]))).toBeNull()
    expect(await evidenceFileProblem(file([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull()
    expect(await evidenceFileProblem(file([0xff, 0xd8, 0xff, 0xe0]))).toBeNull()
    expect(await evidenceFileProblem(file([...'Delivered'].map((char) => char.charCodeAt(0))))).toBe(
      'wrongType',
    )
    expect(await evidenceFileProblem(file([0x25, 0x50]))).toBe('wrongType')
  })

  it('refuses an empty file and one above 5 MiB, and takes one of exactly 5 MiB', async () => {
    expect(await evidenceFileProblem(new Blob([]))).toBe('empty')
    const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]
    expect(await evidenceFileProblem(file(pdf, DISPUTE_LIMITS.fileBytes))).toBeNull()
    expect(await evidenceFileProblem(file(pdf, DISPUTE_LIMITS.fileBytes + 1))).toBe('tooLarge')
  })
})
