import { list } from '@keystone-6/core'
import { checkbox, password, relationship, select, text } from '@keystone-6/core/fields'
import { document } from '@keystone-6/fields-document'

type Session = { itemId: string, data: { isAdmin: boolean } } | undefined
const signedIn = ({ session }: { session?: Session }) => Boolean(session?.itemId)
const administrator = ({ session }: { session?: Session }) => Boolean(session?.data.isAdmin)

/** Members sign in; the administrators among them (isAdmin) hold the control plane's manage_options. */
export const lists = {
  Member: list({
    access: {
      operation: { query: signedIn, create: administrator, update: administrator, delete: administrator },
    },
    fields: {
      name: text({ validation: { isRequired: true } }),
      email: text({ validation: { isRequired: true }, isIndexed: 'unique' }),
      password: password({ validation: { isRequired: true } }),
      isAdmin: checkbox(),
    },
  }),
  Article: list({
    access: {
      operation: { query: signedIn, create: signedIn, update: signedIn, delete: administrator },
    },
    fields: {
      title: text({ validation: { isRequired: true } }),
      body: document({ formatting: true, links: true, dividers: true }),
      slug: text({ isIndexed: 'unique' }),
      status: select({
        options: [{ label: 'Draft', value: 'draft' }, { label: 'Live', value: 'live' }],
        defaultValue: 'draft',
        validation: { isRequired: true },
      }),
      tags: relationship({ ref: 'Topic.articles', many: true }),
    },
  }),
  Topic: list({
    access: {
      operation: { query: signedIn, create: signedIn, update: signedIn, delete: administrator },
    },
    fields: {
      name: text({ validation: { isRequired: true } }),
      slug: text({ isIndexed: 'unique' }),
      articles: relationship({ ref: 'Article.tags', many: true }),
    },
  }),
}
