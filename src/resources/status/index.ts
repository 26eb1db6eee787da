import { getStatus } from './get.ts'

export const statusOperations = [getStatus]
