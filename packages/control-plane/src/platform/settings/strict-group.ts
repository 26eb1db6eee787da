import type { z } from 'zod'

/**
 * A group of options: a strict zod object named by its shape (`StrictGroup<typeof httpShape>`).
 * An inferred schema type loses its fields' JSDoc in the declaration files; typed through the
 * shape's name, `z.input` of the group shows each field's documentation and `@default` to hosts.
 * A shape another file's schema holds is an interface (`ApiKeyShape`), whose name that file's
 * declarations print, where they would print the fields of a `typeof` without their JSDoc.
 */
export type StrictGroup<Shape extends z.ZodRawShape> = z.ZodObject<Shape, z.core.$strict>
