/** A small PDF: the platform knows a file's kind by its first bytes, not by its name. */
export function pdf(size: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)])
}
