import { createHostConfig } from './host/config.ts'

export default createHostConfig()
