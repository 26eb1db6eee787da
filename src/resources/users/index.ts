import { createUser } from './create.ts'
import { deleteUser } from './delete.ts'
import { getUser } from './get.ts'
import { linkUserAccount } from './link-account.ts'
import { listUsers } from './list.ts'
import { sendWelcomeEmail } from './send-welcome-email.ts'
import { unlinkUserAccount } from './unlink-account.ts'
import { updateUser } from './update.ts'

export const userOperations = [createUser, deleteUser, getUser, linkUserAccount, listUsers, sendWelcomeEmail, unlinkUserAccount, updateUser]
