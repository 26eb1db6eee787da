/**
 * Generates the Prisma client the package's own code is typed against (`generated/prisma`), from
 * the reference host. Run by the package build; nothing generated here runs in a host.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { createSystem, buildArtifacts } from '@keystone-6/core/___internal-do-not-use-will-break-in-patch/artifacts'
import { referenceHostConfig } from './reference-host.ts'

const packageDir = path.resolve(import.meta.dirname, '..')
// Keystone formats the schema with the Prisma CLI, which only checks that this file exists.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath

const { prisma } = await buildArtifacts(packageDir, createSystem(referenceHostConfig('sqlite')))
mkdirSync(path.join(packageDir, 'generated'), { recursive: true })
const schemaPath = path.join(packageDir, 'generated/reference.prisma')
writeFileSync(schemaPath, prisma.replace(/output\s*=\s*"[^"]*"/, 'output = "prisma"'))
const prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js')
const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schemaPath], { stdio: 'inherit', cwd: packageDir, env: process.env })
if (result.status !== 0) process.exit(result.status ?? 1)
