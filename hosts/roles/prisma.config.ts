// Read by the Prisma CLI that `keystone build` runs to generate the client; the tables are made by
// `svc-control-plane migrate` from migrations/<provider>/, not by Prisma's migrations.
import { defineConfig } from 'prisma/config'

export default defineConfig({
  schema: 'schema.prisma',
  datasource: {
    url: process.env.DATABASE_URL || 'file:./var/roles.db',
  },
})
