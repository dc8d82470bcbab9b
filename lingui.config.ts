import { defineConfig } from '@lingui/cli'

export default defineConfig({
  sourceLocale: 'en-US',
  locales: ['en-US', 'es-US', 'fr-CA'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*'] }],
  format: 'po',
  orderBy: 'messageId',
})
