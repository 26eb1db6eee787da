import { onFirstUse } from '../lib/installed-package.ts'

/** cheerio, loaded with the first HTML the site parses (an ingested or forwarded post). */
export const cheerio = onFirstUse<typeof import('cheerio')>('cheerio')
