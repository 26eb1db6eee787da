import { list } from '@keystone-6/core'
import { checkbox, json, text, timestamp } from '@keystone-6/core/fields'
import type { ListAccess } from '../../platform/auth/list-access.ts'

/** Webhook subscriptions: where events go, which types, and the signing secrets (sealed, never in GraphQL). */
export const webhookSubscriptionList = ({ access, ui }: ListAccess) => list({
  access,
  ui: { ...ui, label: 'Webhook subscriptions', listView: { initialColumns: ['subscriptionId', 'url', 'enabled', 'disabledReason'] } },
  db: { map: 'svc_webhook_subscriptions', idField: { kind: 'autoincrement' } },
  fields: {
    subscriptionId: text({ isIndexed: 'unique', validation: { isRequired: true } }),
    url: text({ validation: { isRequired: true } }),
    eventTypes: json({ defaultValue: [] }),
    enabled: checkbox({ defaultValue: true }),
    description: text({ defaultValue: '' }),
    /** The API key (public id) whose reach bounds its events: the credential that last created or updated it. */
    reachKeyId: text({ db: { isNullable: true } }),
    /** That credential's account (a session's, when no key). Both null: made before reach was recorded. */
    reachAccountId: text({ db: { isNullable: true } }),
    secretCiphertext: text({ graphql: { omit: true } }),
    previousSecretCiphertext: text({ db: { isNullable: true }, graphql: { omit: true } }),
    previousSecretExpiresAt: timestamp({ db: { isNullable: true } }),
    disabledReason: text({ db: { isNullable: true } }),
    failingSince: timestamp({ db: { isNullable: true } }),
    createdAt: timestamp({ defaultValue: { kind: 'now' } }),
    updatedAt: timestamp({ db: { updatedAt: true } }),
  },
})
